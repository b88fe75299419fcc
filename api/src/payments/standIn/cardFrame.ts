/**
 * The card element's frame, as the Stripe stand-in serves it at GET /v3/elements/card (Stripe serves its own from
 * js.stripe.com): the card number, expiry and security code typed on the stand-in's origin, checked as they are
 * typed, and sent from here to POST /v1/payment_methods with the publishable key, so the page that shows the
 * frame (Tessera's payment step) never sees them. It talks to Stripe.js in the page (stripeJs.ts) by
 * postMessage, with the origin the page gave (the frame's address's fragment: key, locale, origin, id):
 *
 * - to the page: `ready`, `height` (its content's height), `change` (Stripe's change event: elementType, empty,
 *   complete, brand, error?: { type, code, message }), `focus`, `blur`, `result` (a createPaymentMethod's
 *   answer: { paymentMethod } or { error });
 * - from the page: `focus`, `blur`, `clear`, `createPaymentMethod` (requestId, billing_details).
 *
 * Its words in en, fr and es, as Stripe's own are (Stripe's wording); the labels are visible and tied to their
 * inputs, an input with a problem is marked invalid and described by it.
 */
export const CARD_FRAME_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Card</title>
<style>
  html, body { margin: 0; padding: 0; background: transparent; }
  body { font: 16px/1.45 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; color: #1a1b1e; }
  form { padding: 2px; }
  .row { display: flex; gap: 12px; align-items: flex-end; }
  .field { display: flex; flex-direction: column; gap: 4px; margin-bottom: 10px; flex: 1 1 0; min-width: 0; }
  label { font-size: 14px; font-weight: 500; }
  input { font: inherit; font-size: 16px; padding: 8px 12px; border: 1px solid #ced4da; border-radius: 4px;
    min-height: 44px; box-sizing: border-box; width: 100%; background: #fff; color: inherit; }
  input:focus { outline: 2px solid #4c6ef5; outline-offset: 1px; border-color: #4c6ef5; }
  input[aria-invalid="true"] { border-color: #e03131; color: #c92a2a; }
  .hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
</style>
</head>
<body>
<form novalidate autocomplete="on">
  <div class="field">
    <label for="number" id="number-label">Card number</label>
    <input id="number" name="cardnumber" autocomplete="cc-number" inputmode="numeric" spellcheck="false"
      placeholder="1234 1234 1234 1234" aria-describedby="number-error" maxlength="23">
    <span id="number-error" class="hidden"></span>
  </div>
  <div class="row">
    <div class="field">
      <label for="expiry" id="expiry-label">Expiration date (MM / YY)</label>
      <input id="expiry" name="exp-date" autocomplete="cc-exp" inputmode="numeric" spellcheck="false"
        placeholder="MM / YY" aria-describedby="expiry-error" maxlength="7">
      <span id="expiry-error" class="hidden"></span>
    </div>
    <div class="field">
      <label for="cvc" id="cvc-label">Security code (CVC)</label>
      <input id="cvc" name="cvc" autocomplete="cc-csc" inputmode="numeric" spellcheck="false"
        placeholder="CVC" aria-describedby="cvc-error" maxlength="4">
      <span id="cvc-error" class="hidden"></span>
    </div>
  </div>
</form>
<script>
(function () {
  "use strict";
  var hash = new URLSearchParams(location.hash.slice(1));
  var key = hash.get("key") || "";
  var parentOrigin = hash.get("origin") || "";
  var elementId = hash.get("id") || "";
  var language = (hash.get("locale") || "en").slice(0, 2).toLowerCase();
  var WORDS = {
    en: {
      number: "Card number", expiry: "Expiration date (MM / YY)", cvc: "Security code (CVC)", expiryPlaceholder: "MM / YY",
      incomplete_number: "Your card number is incomplete.",
      invalid_number: "Your card number is invalid.",
      incomplete_expiry: "Your card's expiration date is incomplete.",
      invalid_expiry_month: "Your card's expiration month is invalid.",
      invalid_expiry_year: "Your card's expiration year is invalid.",
      invalid_expiry_year_past: "Your card's expiration year is in the past.",
      invalid_expiry_month_past: "Your card's expiration date is in the past.",
      incomplete_cvc: "Your card's security code is incomplete.",
      invalid_cvc: "Your card's security code is invalid.",
      test_mode_live_card: "Your card was declined. Your request was in test mode, but used a non test card.",
      network: "Your card could not be checked. Check your connection and try again."
    },
    fr: {
      number: "Numéro de carte", expiry: "Date d'expiration (MM / AA)", cvc: "Code de sécurité (CVC)", expiryPlaceholder: "MM / AA",
      incomplete_number: "Votre numéro de carte est incomplet.",
      invalid_number: "Votre numéro de carte n'est pas valide.",
      incomplete_expiry: "La date d'expiration de votre carte est incomplète.",
      invalid_expiry_month: "Le mois d'expiration de votre carte n'est pas valide.",
      invalid_expiry_year: "L'année d'expiration de votre carte n'est pas valide.",
      invalid_expiry_year_past: "L'année d'expiration de votre carte est déjà passée.",
      invalid_expiry_month_past: "La date d'expiration de votre carte est déjà passée.",
      incomplete_cvc: "Le code de sécurité de votre carte est incomplet.",
      invalid_cvc: "Le code de sécurité de votre carte n'est pas valide.",
      test_mode_live_card: "Votre carte a été refusée. Votre demande était en mode test, mais utilisait une carte réelle.",
      network: "Votre carte n'a pas pu être vérifiée. Vérifiez votre connexion et réessayez."
    },
    es: {
      number: "Número de tarjeta", expiry: "Fecha de caducidad (MM / AA)", cvc: "Código de seguridad (CVC)", expiryPlaceholder: "MM / AA",
      incomplete_number: "El número de tu tarjeta está incompleto.",
      invalid_number: "El número de tu tarjeta no es válido.",
      incomplete_expiry: "La fecha de caducidad de tu tarjeta está incompleta.",
      invalid_expiry_month: "El mes de caducidad de tu tarjeta no es válido.",
      invalid_expiry_year: "El año de caducidad de tu tarjeta no es válido.",
      invalid_expiry_year_past: "El año de caducidad de tu tarjeta ya ha pasado.",
      invalid_expiry_month_past: "La fecha de caducidad de tu tarjeta ya ha pasado.",
      incomplete_cvc: "El código de seguridad de tu tarjeta está incompleto.",
      invalid_cvc: "El código de seguridad de tu tarjeta no es válido.",
      test_mode_live_card: "Tu tarjeta ha sido rechazada. Tu solicitud estaba en modo de prueba, pero usaba una tarjeta real.",
      network: "No se ha podido verificar tu tarjeta. Comprueba tu conexión e inténtalo de nuevo."
    }
  };
  var words = WORDS[language] || WORDS.en;
  document.documentElement.lang = WORDS[language] ? language : "en";
  document.getElementById("number-label").textContent = words.number;
  document.getElementById("expiry-label").textContent = words.expiry;
  document.getElementById("cvc-label").textContent = words.cvc;
  var inputs = {
    number: document.getElementById("number"),
    expiry: document.getElementById("expiry"),
    cvc: document.getElementById("cvc")
  };
  inputs.expiry.placeholder = words.expiryPlaceholder;
  var touched = { number: false, expiry: false, cvc: false };
  var order = ["number", "expiry", "cvc"];

  function toParent(message) {
    if (!parentOrigin || window.parent === window) return;
    message.__stripeStandIn = true;
    message.elementId = elementId;
    window.parent.postMessage(message, parentOrigin);
  }
  function digits(text) { return text.replace(/\\D/g, ""); }
  function brandOf(number) {
    if (/^4/.test(number)) return "visa";
    if (/^(5[1-5]|2[2-7])/.test(number)) return "mastercard";
    if (/^3[47]/.test(number)) return "amex";
    return number ? "unknown" : "unknown";
  }
  function luhn(number) {
    var sum = 0;
    for (var index = 0; index < number.length; index++) {
      var digit = Number(number.charAt(number.length - 1 - index));
      if (index % 2 === 1) { digit *= 2; if (digit > 9) digit -= 9; }
      sum += digit;
    }
    return sum % 10 === 0;
  }
  function numberLength(number) { return brandOf(number) === "amex" ? 15 : 16; }
  function cvcLength(number) { return brandOf(number) === "amex" ? 4 : 3; }

  /** Each field's problem: null when it is fine, with "complete" when it is typed in full. */
  function check() {
    var number = digits(inputs.number.value);
    var expiry = digits(inputs.expiry.value);
    var cvc = digits(inputs.cvc.value);
    var problems = {};
    if (number.length < numberLength(number)) problems.number = { code: "incomplete_number", full: false };
    else if (!luhn(number)) problems.number = { code: "invalid_number", full: true };
    if (expiry.length < 4) {
      var month = Number(expiry.slice(0, 2));
      problems.expiry = expiry.length >= 2 && (month < 1 || month > 12)
        ? { code: "invalid_expiry_month", full: true }
        : { code: "incomplete_expiry", full: false };
    } else {
      var expMonth = Number(expiry.slice(0, 2));
      var expYear = 2000 + Number(expiry.slice(2, 4));
      var now = new Date();
      if (expMonth < 1 || expMonth > 12) problems.expiry = { code: "invalid_expiry_month", full: true };
      else if (expYear < now.getFullYear()) problems.expiry = { code: "invalid_expiry_year_past", full: true };
      else if (expYear === now.getFullYear() && expMonth < now.getMonth() + 1)
        problems.expiry = { code: "invalid_expiry_month_past", full: true };
    }
    if (cvc.length < cvcLength(number)) problems.cvc = { code: "incomplete_cvc", full: false };
    return { number: number, expiry: expiry, cvc: cvc, problems: problems };
  }

  /** Shows the problems of the fields left (or typed in full), and tells the page (Stripe's change event). */
  function report() {
    var state = check();
    var shown = null;
    order.forEach(function (name) {
      var problem = state.problems[name];
      var visible = problem && (problem.full || touched[name]);
      inputs[name].setAttribute("aria-invalid", visible ? "true" : "false");
      document.getElementById(name + "-error").textContent = visible ? words[problem.code] : "";
      if (visible && !shown) shown = { type: "validation_error", code: problem.code, message: words[problem.code] };
    });
    var empty = !state.number && !state.expiry && !state.cvc;
    toParent({
      type: "change",
      event: {
        elementType: "card",
        empty: empty,
        complete: Object.keys(state.problems).length === 0,
        brand: brandOf(state.number),
        error: shown || undefined,
        value: {}
      }
    });
    return state;
  }

  function formatNumber(number) { return number.replace(/(\\d{4})(?=\\d)/g, "$1 "); }
  function formatExpiry(expiry, deleting) {
    if (expiry.length === 1 && Number(expiry) > 1) expiry = "0" + expiry;
    if (expiry.length > 2 || (expiry.length === 2 && !deleting)) return expiry.slice(0, 2) + " / " + expiry.slice(2, 4);
    return expiry;
  }

  inputs.number.addEventListener("input", function () {
    var number = digits(inputs.number.value).slice(0, 16);
    inputs.number.value = formatNumber(number);
    report();
    if (number.length === numberLength(number) && luhn(number)) inputs.expiry.focus();
  });
  inputs.expiry.addEventListener("input", function (event) {
    var deleting = event.inputType && event.inputType.indexOf("delete") === 0;
    var expiry = digits(inputs.expiry.value).slice(0, 4);
    inputs.expiry.value = formatExpiry(expiry, deleting);
    var state = report();
    if (digits(inputs.expiry.value).length === 4 && !state.problems.expiry) inputs.cvc.focus();
  });
  inputs.cvc.addEventListener("input", function () {
    inputs.cvc.value = digits(inputs.cvc.value).slice(0, 4);
    report();
  });
  order.forEach(function (name) {
    inputs[name].addEventListener("blur", function () {
      if (inputs[name].value) touched[name] = true;
      report();
      setTimeout(function () {
        if (!document.hasFocus() || !document.activeElement || document.activeElement === document.body)
          toParent({ type: "blur" });
      }, 0);
    });
    inputs[name].addEventListener("focus", function () { toParent({ type: "focus" }); });
  });
  document.querySelector("form").addEventListener("submit", function (event) { event.preventDefault(); });

  function firstProblem(state) {
    for (var index = 0; index < order.length; index++) if (state.problems[order[index]]) return order[index];
    return null;
  }

  function formBody(fields) {
    return Object.keys(fields)
      .filter(function (name) { return fields[name] !== undefined && fields[name] !== null && fields[name] !== ""; })
      .map(function (name) { return encodeURIComponent(name) + "=" + encodeURIComponent(String(fields[name])); })
      .join("&");
  }

  function createPaymentMethod(requestId, billing) {
    touched = { number: true, expiry: true, cvc: true };
    var state = report();
    var first = firstProblem(state);
    if (first) {
      var problem = state.problems[first];
      toParent({ type: "result", requestId: requestId, result: {
        error: { type: "validation_error", code: problem.code, message: words[problem.code] }
      } });
      return;
    }
    var fields = {
      type: "card",
      "card[number]": state.number,
      "card[exp_month]": Number(state.expiry.slice(0, 2)),
      "card[exp_year]": 2000 + Number(state.expiry.slice(2, 4)),
      "card[cvc]": state.cvc
    };
    billing = billing || {};
    ["name", "email", "phone"].forEach(function (name) { fields["billing_details[" + name + "]"] = billing[name]; });
    var address = billing.address || {};
    ["line1", "line2", "postal_code", "city", "state", "country"].forEach(function (name) {
      fields["billing_details[address][" + name + "]"] = address[name];
    });
    fetch(location.origin + "/v1/payment_methods", {
      method: "POST",
      headers: { Authorization: "Bearer " + key, "Content-Type": "application/x-www-form-urlencoded" },
      body: formBody(fields)
    }).then(function (response) {
      return response.json().then(function (body) {
        if (response.ok) return { paymentMethod: body };
        var error = body.error || {};
        var code = error.decline_code === "test_mode_live_card" ? "test_mode_live_card" : error.code;
        return { error: {
          type: error.type || "api_error",
          code: error.code,
          decline_code: error.decline_code,
          param: error.param,
          message: words[code] || error.message
        } };
      });
    }, function () {
      return { error: { type: "api_connection_error", message: words.network } };
    }).then(function (result) {
      toParent({ type: "result", requestId: requestId, result: result });
    });
  }

  window.addEventListener("message", function (event) {
    if (event.source !== window.parent || event.origin !== parentOrigin) return;
    var data = event.data || {};
    if (data.__stripeStandIn !== true) return;
    if (data.type === "focus") {
      var first = firstProblem(check());
      inputs[first || "number"].focus();
    } else if (data.type === "blur") {
      if (document.activeElement && document.activeElement.blur) document.activeElement.blur();
    } else if (data.type === "clear") {
      order.forEach(function (name) { inputs[name].value = ""; touched[name] = false; });
      report();
    } else if (data.type === "createPaymentMethod") {
      createPaymentMethod(data.requestId, data.billing_details);
    }
  });

  var lastHeight = 0;
  function sendHeight() {
    var height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height !== lastHeight) {
      lastHeight = height;
      toParent({ type: "height", height: height });
    }
  }
  if (window.ResizeObserver) new ResizeObserver(sendHeight).observe(document.documentElement);
  sendHeight();
  toParent({ type: "ready" });
})();
</script>
</body>
</html>
`;
