/**
 * The Stripe stand-in's Stripe.js, served at GET /v3/stripe.js: the part of Stripe.js (v3) the buyer's payment
 * step uses, under the same names and with the same shapes, so that the page runs alike against Stripe:
 *
 *   const stripe = Stripe("pk_test_…");
 *   const elements = stripe.elements({ locale: "fr" });
 *   const card = elements.create("card");
 *   card.mount("#card" | element); card.on("change", ({ complete, error }) => …); card.focus();
 *   card.unmount(); card.destroy();
 *   await stripe.createPaymentMethod({ type: "card", card, billing_details }) // { paymentMethod } | { error }
 *   await stripe.handleNextAction({ clientSecret })                          // { paymentIntent } | { error }
 *
 * The card element is a frame of the stand-in's origin (cardFrame.ts) that holds the card's inputs and makes the
 * PaymentMethod itself: the page gets its id, never the card. handleNextAction shows, for a 3-D Secure step, a
 * modal dialog standing for the bank's page (in English, as Stripe's test page is): "Complete authentication"
 * or "Fail authentication", each posted to the stand-in (POST /v1/payment_intents/:id/authenticate); Escape
 * fails it, as closing Stripe's does. The stand-in's origin is the script's own (document.currentScript).
 */
export const STRIPE_JS = `(function () {
  "use strict";
  if (window.Stripe && window.Stripe.isStandIn) return;
  var script = document.currentScript;
  var ORIGIN = new URL(script && script.src ? script.src : location.href).origin;
  var FRAME_TITLES = {
    en: "Secure card payment input frame",
    fr: "Cadre de saisie sécurisé pour le paiement par carte",
    es: "Marco de entrada seguro para el pago con tarjeta"
  };
  var sequence = 0;
  var elementsById = {};
  var waiting = {};

  function nextId(prefix) {
    sequence += 1;
    return prefix + "-" + sequence + "-" + Math.random().toString(36).slice(2, 8);
  }
  function languageOf(locale) {
    var chosen = !locale || locale === "auto" ? document.documentElement.lang || navigator.language || "en" : locale;
    return String(chosen).slice(0, 2).toLowerCase();
  }

  window.addEventListener("message", function (event) {
    var data = event.data;
    if (event.origin !== ORIGIN || !data || data.__stripeStandIn !== true) return;
    var element = elementsById[data.elementId];
    if (!element || !element._frame || event.source !== element._frame.contentWindow) return;
    if (data.type === "ready") {
      element._ready = true;
      var queued = element._queue.splice(0);
      queued.forEach(function (message) { element._post(message); });
      element._emit("ready", { elementType: "card" });
    } else if (data.type === "height") {
      element._frame.style.height = Math.max(40, Number(data.height) || 0) + "px";
    } else if (data.type === "change") {
      element._emit("change", data.event);
    } else if (data.type === "focus" || data.type === "blur") {
      element._emit(data.type, { elementType: "card" });
    } else if (data.type === "result" && waiting[data.requestId]) {
      var resolve = waiting[data.requestId];
      delete waiting[data.requestId];
      resolve(data.result);
    }
  });

  function CardElement(key, locale) {
    this._id = nextId("card");
    this._key = key;
    this._locale = locale;
    this._handlers = {};
    this._queue = [];
    this._frame = null;
    this._ready = false;
    this._destroyed = false;
    elementsById[this._id] = this;
  }
  CardElement.prototype._emit = function (type, payload) {
    (this._handlers[type] || []).slice().forEach(function (handler) { handler(payload); });
  };
  CardElement.prototype._post = function (message) {
    message.__stripeStandIn = true;
    if (!this._frame || !this._ready) { this._queue.push(message); return; }
    this._frame.contentWindow.postMessage(message, ORIGIN);
  };
  CardElement.prototype.on = function (type, handler) {
    (this._handlers[type] = this._handlers[type] || []).push(handler);
    return this;
  };
  CardElement.prototype.once = function (type, handler) {
    var element = this;
    function once(payload) { element.off(type, once); handler(payload); }
    return this.on(type, once);
  };
  CardElement.prototype.off = function (type, handler) {
    if (!handler) delete this._handlers[type];
    else this._handlers[type] = (this._handlers[type] || []).filter(function (one) { return one !== handler; });
    return this;
  };
  CardElement.prototype.mount = function (target) {
    if (this._destroyed) throw new Error("This Element has already been destroyed. Please create a new one.");
    var container = typeof target === "string" ? document.querySelector(target) : target;
    if (!container || !container.appendChild) {
      throw new Error("The selector you specified (" + String(target) + ") applies to no DOM elements that are currently on the page.");
    }
    if (this._frame) this.unmount();
    var language = languageOf(this._locale);
    var frame = document.createElement("iframe");
    var hash = new URLSearchParams({ key: this._key, locale: language, origin: location.origin, id: this._id });
    frame.src = ORIGIN + "/v3/elements/card#" + hash.toString();
    frame.title = FRAME_TITLES[language] || FRAME_TITLES.en;
    frame.name = "__privateStripeFrame" + this._id;
    frame.setAttribute("allow", "payment *");
    frame.setAttribute("frameborder", "0");
    frame.setAttribute("scrolling", "no");
    frame.style.cssText = "border:0;width:100%;display:block;height:150px;overflow:hidden;background:transparent";
    this._frame = frame;
    this._ready = false;
    container.appendChild(frame);
  };
  CardElement.prototype.unmount = function () {
    if (this._frame && this._frame.parentNode) this._frame.parentNode.removeChild(this._frame);
    this._frame = null;
    this._ready = false;
  };
  CardElement.prototype.destroy = function () {
    this.unmount();
    this._destroyed = true;
    this._handlers = {};
    delete elementsById[this._id];
  };
  CardElement.prototype.focus = function () { this._post({ type: "focus" }); };
  CardElement.prototype.blur = function () { this._post({ type: "blur" }); };
  CardElement.prototype.clear = function () { this._post({ type: "clear" }); };
  CardElement.prototype.update = function () {};

  function authenticationDialog(intent) {
    return new Promise(function (resolve) {
      var dialog = document.createElement("dialog");
      var titleId = nextId("stripe-3ds-title");
      var textId = nextId("stripe-3ds-text");
      dialog.setAttribute("lang", "en");
      dialog.setAttribute("aria-labelledby", titleId);
      dialog.setAttribute("aria-describedby", textId);
      dialog.setAttribute("data-stripe-stand-in", "3ds");
      dialog.style.cssText =
        "max-width:min(420px,calc(100vw - 32px));border:0;border-radius:8px;padding:20px;" +
        "box-shadow:0 10px 40px rgba(0,0,0,.3);font:16px/1.45 -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Arial,sans-serif;color:#1a1b1e";
      var amount = "";
      try {
        amount = new Intl.NumberFormat("en", { style: "currency", currency: String(intent.currency).toUpperCase() })
          .format(intent.amount / 100);
      } catch (error) {
        amount = String(intent.amount);
      }
      var title = document.createElement("h2");
      title.id = titleId;
      title.textContent = "Authenticate this payment";
      title.style.cssText = "margin:0 0 8px;font-size:20px";
      var text = document.createElement("p");
      text.id = textId;
      text.textContent = "Test payment of " + amount + ": your bank would ask you to confirm it here (3-D Secure).";
      text.style.cssText = "margin:0 0 16px";
      var buttons = document.createElement("div");
      buttons.style.cssText = "display:flex;flex-wrap:wrap;gap:8px";
      function button(label, outcome, primary) {
        var element = document.createElement("button");
        element.type = "button";
        element.textContent = label;
        element.style.cssText =
          "font:inherit;font-weight:600;padding:10px 16px;border-radius:4px;cursor:pointer;min-height:44px;" +
          (primary ? "background:#364fc7;color:#fff;border:1px solid #364fc7" : "background:#fff;color:#c92a2a;border:1px solid #c92a2a");
        element.addEventListener("click", function () { finish(outcome); });
        buttons.appendChild(element);
        return element;
      }
      var complete = button("Complete authentication", "succeed", true);
      button("Fail authentication", "fail", false);
      dialog.appendChild(title);
      dialog.appendChild(text);
      dialog.appendChild(buttons);
      var done = false;
      var before = document.activeElement;
      function finish(outcome) {
        if (done) return;
        done = true;
        if (dialog.open && dialog.close) dialog.close();
        if (dialog.parentNode) dialog.parentNode.removeChild(dialog);
        if (before && before.focus) before.focus();
        resolve(outcome);
      }
      dialog.addEventListener("cancel", function (event) { event.preventDefault(); finish("fail"); });
      document.body.appendChild(dialog);
      if (dialog.showModal) dialog.showModal();
      else dialog.setAttribute("open", "");
      complete.focus();
    });
  }

  function api(key, method, path, fields) {
    var body = fields
      ? Object.keys(fields).map(function (name) {
          return encodeURIComponent(name) + "=" + encodeURIComponent(String(fields[name]));
        }).join("&")
      : undefined;
    var url = ORIGIN + path;
    if (method === "GET" && body) url += "?" + body;
    return fetch(url, {
      method: method,
      headers: method === "POST"
        ? { Authorization: "Bearer " + key, "Content-Type": "application/x-www-form-urlencoded" }
        : { Authorization: "Bearer " + key },
      body: method === "POST" ? body : undefined
    }).then(function (response) {
      return response.json().then(function (json) { return { ok: response.ok, body: json }; });
    }, function () {
      return { ok: false, body: { error: { type: "api_connection_error", message: "Stripe could not be reached." } } };
    });
  }

  function intentIdOf(clientSecret) {
    var match = /^(pi_[^_]+)_secret_/.exec(String(clientSecret || ""));
    return match ? match[1] : null;
  }

  function Stripe(key, options) {
    if (typeof key !== "string" || !/^pk_(test|live)_/.test(key)) {
      throw new Error("Invalid value for Stripe(): apiKey should be a publishable key (pk_test_… or pk_live_…).");
    }
    var defaultLocale = (options && options.locale) || "auto";
    var cards = [];
    return {
      elements: function (elementsOptions) {
        var locale = (elementsOptions && elementsOptions.locale) || defaultLocale;
        return {
          create: function (type) {
            if (type !== "card") throw new Error("This Stripe.js stand-in makes card elements only, not " + type + ".");
            var element = new CardElement(key, locale);
            cards.push(element);
            return element;
          },
          getElement: function (type) {
            if (type !== "card") return null;
            var live = cards.filter(function (card) { return !card._destroyed; });
            return live.length ? live[live.length - 1] : null;
          }
        };
      },
      createPaymentMethod: function (params) {
        if (!params || params.type !== "card" || !(params.card instanceof CardElement)) {
          return Promise.reject(new Error("createPaymentMethod: give { type: \\"card\\", card: <a card Element> }."));
        }
        var card = params.card;
        if (!card._frame) {
          return Promise.reject(new Error("We could not retrieve data from the specified Element. Please make sure the Element you are attempting to use is still mounted."));
        }
        return new Promise(function (resolve) {
          var requestId = nextId("request");
          waiting[requestId] = resolve;
          card._post({ type: "createPaymentMethod", requestId: requestId, billing_details: params.billing_details || {} });
        });
      },
      handleNextAction: function (params) {
        var clientSecret = params && params.clientSecret;
        var id = intentIdOf(clientSecret);
        if (!id) return Promise.reject(new Error("handleNextAction: clientSecret is not a PaymentIntent's client secret."));
        return api(key, "GET", "/v1/payment_intents/" + id, { client_secret: clientSecret }).then(function (read) {
          if (!read.ok) return { error: read.body.error };
          var intent = read.body;
          if (intent.status !== "requires_action") return { paymentIntent: intent };
          return authenticationDialog(intent).then(function (outcome) {
            return api(key, "POST", "/v1/payment_intents/" + id + "/authenticate", {
              client_secret: clientSecret,
              outcome: outcome
            }).then(function (answer) {
              if (!answer.ok) return { error: answer.body.error };
              var after = answer.body;
              if (after.status === "requires_payment_method" && after.last_payment_error) {
                var error = Object.assign({}, after.last_payment_error, { payment_intent: after });
                return { error: error };
              }
              return { paymentIntent: after };
            });
          });
        });
      },
      retrievePaymentIntent: function (clientSecret) {
        var id = intentIdOf(clientSecret);
        if (!id) return Promise.reject(new Error("retrievePaymentIntent: not a PaymentIntent's client secret."));
        return api(key, "GET", "/v1/payment_intents/" + id, { client_secret: clientSecret }).then(function (read) {
          return read.ok ? { paymentIntent: read.body } : { error: read.body.error };
        });
      }
    };
  }
  Stripe.version = 3;
  Stripe.isStandIn = true;
  window.Stripe = Stripe;
})();
`;
