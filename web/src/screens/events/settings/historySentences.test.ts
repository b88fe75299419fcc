import { EVENT_AUDIT_ACTIONS, type EventAuditAction } from "@tessera/shared/rules/auditActions";
import { describe, expect, it } from "vitest";
import { historySentence } from "./historySentences.ts";
import { historyContext, LANGUAGES, words, type TestLanguage } from "./historyTestContext.ts";
import { ENTRIES, IDS, OLD_ENTRIES } from "./historyTestEntries.ts";

type Sentences = Record<TestLanguage, string>;

/** The sentence of each action's first entry (historyTestEntries.ts), in English, French and Spanish. */
const EXPECTED: Record<EventAuditAction, Sentences> = {
  "event.created": {
    en: "Created the event Gala",
    fr: "A créé l'événement Gala",
    es: "Creó el evento Gala",
  },
  "event.updated": {
    en: "Changed the event's settings",
    fr: "A modifié les paramètres de l'événement",
    es: "Modificó la configuración del evento",
  },
  "event.deleted": {
    en: "Deleted the event Gala",
    fr: "A supprimé l'événement Gala",
    es: "Eliminó el evento Gala",
  },
  "event.duplicated": {
    en: "Created this event as a copy of Gala 2026",
    fr: "A créé cet événement en copiant Gala 2026",
    es: "Creó este evento como copia de Gala 2026",
  },
  "event.archived": { en: "Archived the event", fr: "A archivé l'événement", es: "Archivó el evento" },
  "event.unarchived": {
    en: "Brought the event back from the archive",
    fr: "A sorti l'événement des archives",
    es: "Sacó el evento del archivo",
  },
  "event.access_granted": {
    en: "Gave Ona Reyes access to the event",
    fr: "A donné accès à l'événement à Ona Reyes",
    es: "Dio acceso al evento a Ona Reyes",
  },
  "event.access_revoked": {
    en: "Took away the access of Crew to the event",
    fr: "A retiré l'accès à l'événement à Crew",
    es: "Retiró el acceso al evento a Crew",
  },
  "guest.created": {
    en: "Created the guest Marie Dupont",
    fr: "A créé l'invité Marie Dupont",
    es: "Creó al invitado Marie Dupont",
  },
  "guest.updated": {
    en: "Changed the guest Marie Dupont",
    fr: "A modifié l'invité Marie Dupont",
    es: "Modificó al invitado Marie Dupont",
  },
  "guest.deleted": {
    en: "Deleted the guest Jean Martin",
    fr: "A supprimé l'invité Jean Martin",
    es: "Eliminó al invitado Jean Martin",
  },
  "guest.merged": {
    en: "Merged Jean Martin into Marie Dupont",
    fr: "A fusionné Jean Martin avec Marie Dupont",
    es: "Fusionó a Jean Martin con Marie Dupont",
  },
  "guest.duplicate_ignored": {
    en: "Marked Marie Dupont and Jean Martin as not duplicates",
    fr: "A indiqué que Marie Dupont et Jean Martin ne sont pas des doublons",
    es: "Indicó que Marie Dupont y Jean Martin no son duplicados",
  },
  "guest.entry_code_revoked": {
    en: "Revoked the entry code of Marie Dupont",
    fr: "A révoqué le code d'entrée de Marie Dupont",
    es: "Revocó el código de entrada de Marie Dupont",
  },
  "guest.entry_code_reissued": {
    en: "Issued a new entry code to Marie Dupont",
    fr: "A émis un nouveau code d'entrée pour Marie Dupont",
    es: "Emitió un nuevo código de entrada para Marie Dupont",
  },
  "guest.unsubscribed": {
    en: "Unsubscribed Marie Dupont from the event's emails, at their request",
    fr: "A désinscrit Marie Dupont des emails de l'événement, à sa demande",
    es: "Dio de baja a Marie Dupont de los correos del evento, a petición suya",
  },
  "guest.email_unlocked": {
    en: "Unlocked the email of Marie Dupont: the event's campaigns reach them again",
    fr: "A débloqué l'email de Marie Dupont : les campagnes de l'événement lui parviennent de nouveau",
    es: "Desbloqueó el correo de Marie Dupont: las campañas del evento le llegan de nuevo",
  },
  "guests.imported": {
    en: "Imported 1,204 guests from guests.csv (12 updated, 3 refused)",
    fr: "A importé 1 204 invités depuis guests.csv (12 mis à jour, 3 refusés)",
    es: "Importó 1204 invitados desde guests.csv (12 actualizados, 3 rechazados)",
  },
  "custom_field.created": {
    en: "Added the custom field Diet (Unique choice)",
    fr: "A ajouté le champ personnalisé Diet (Choix unique)",
    es: "Añadió el campo personalizado Diet (Opción única)",
  },
  "custom_field.updated": {
    en: "Changed the custom field Diet",
    fr: "A modifié le champ personnalisé Diet",
    es: "Modificó el campo personalizado Diet",
  },
  "custom_field.deleted": {
    en: "Deleted the custom field Shuttle",
    fr: "A supprimé le champ personnalisé Shuttle",
    es: "Eliminó el campo personalizado Shuttle",
  },
  "custom_field.reordered": {
    en: "Changed the order of the custom fields",
    fr: "A changé l'ordre des champs personnalisés",
    es: "Cambió el orden de los campos personalizados",
  },
  "recommendation.created": {
    en: "Recorded Marie Dupont's recommendation of Paul Durand",
    fr: "A enregistré la recommandation de Paul Durand par Marie Dupont",
    es: "Registró la recomendación de Paul Durand hecha por Marie Dupont",
  },
  "recommendation.accepted": {
    en: "Accepted the recommendation of Paul Durand",
    fr: "A accepté la recommandation de Paul Durand",
    es: "Aceptó la recomendación de Paul Durand",
  },
  "recommendation.refused": {
    en: "Refused the recommendation of Paul Durand",
    fr: "A refusé la recommandation de Paul Durand",
    es: "Rechazó la recomendación de Paul Durand",
  },
  "checkin.created": {
    en: "Created the check-in session Main door",
    fr: "A créé la session de checkin Main door",
    es: "Creó la sesión de checkin Main door",
  },
  "checkin.updated": {
    en: "Changed the check-in session Main door",
    fr: "A modifié la session de checkin Main door",
    es: "Modificó la sesión de checkin Main door",
  },
  "checkin.deleted": {
    en: "Deleted the check-in session Back door",
    fr: "A supprimé la session de checkin Back door",
    es: "Eliminó la sesión de checkin Back door",
  },
  "checkin.code_created": {
    en: "Made an access code ending in 7K for the check-in session Main door",
    fr: "A créé un code d'accès finissant par 7K pour la session de checkin Main door",
    es: "Creó un código de acceso que termina en 7K para la sesión de checkin Main door",
  },
  "checkin.code_revoked": {
    en: "Revoked the access code ending in 7K of the check-in session Main door",
    fr: "A révoqué le code d'accès finissant par 7K de la session de checkin Main door",
    es: "Revocó el código de acceso que termina en 7K de la sesión de checkin Main door",
  },
  "entry_code_key.rotated": {
    en: "Made a new key to sign the guests' entry codes (key 2)",
    fr: "A créé une nouvelle clé de signature des codes d'entrée des invités (clé 2)",
    es: "Creó una nueva clave para firmar los códigos de entrada de los invitados (clave 2)",
  },
  "entry_code_key.retired": {
    en: "Retired the entry-code key 1 and signed its 214 codes in force again with key 2",
    fr: "A retiré la clé 1 des codes d'entrée et signé à nouveau ses 214 codes en vigueur avec la clé 2",
    es: "Retiró la clave 1 de los códigos de entrada y volvió a firmar sus 214 códigos vigentes con la clave 2",
  },
  "form.created": {
    en: "Created the registration form “Register”",
    fr: "A créé le formulaire d'inscription « Register »",
    es: "Creó el formulario de inscripción «Register»",
  },
  "form.updated": {
    en: "Changed the registration form “Sign up”",
    fr: "A modifié le formulaire d'inscription « Sign up »",
    es: "Modificó el formulario de inscripción «Sign up»",
  },
  "form.put_online": {
    en: "Put the registration form “Register” online",
    fr: "A mis en ligne le formulaire d'inscription « Register »",
    es: "Puso en línea el formulario de inscripción «Register»",
  },
  "form.taken_offline": {
    en: "Took the satisfaction survey “Feedback” offline",
    fr: "A repassé l'enquête de satisfaction « Feedback » en brouillon",
    es: "Volvió a poner en borrador la encuesta de satisfacción «Feedback»",
  },
  "form.duplicated": {
    en: "Created the registration form “Register (copy)” as a copy of “Register”",
    fr: "A créé le formulaire d'inscription « Register (copy) » en copiant « Register »",
    es: "Creó el formulario de inscripción «Register (copy)» como copia de «Register»",
  },
  "form.deleted": {
    en: "Deleted the companion form “Companions”",
    fr: "A supprimé le formulaire d'accompagnant « Companions »",
    es: "Eliminó el formulario de acompañante «Companions»",
  },
  "form.options_updated": {
    en: "Changed the options of the registration form “Register”",
    fr: "A modifié les options du formulaire d'inscription « Register »",
    es: "Modificó las opciones del formulario de inscripción «Register»",
  },
  "form.terms_uploaded": {
    en: "Set Conditions.pdf as the terms of the registration form “Register”",
    fr: "A déposé Conditions.pdf comme conditions générales du formulaire d'inscription « Register »",
    es: "Subió Conditions.pdf como términos y condiciones del formulario de inscripción «Register»",
  },
  "ebadge.created": { en: "Created the e-badge Staff", fr: "A créé l'e-badge Staff", es: "Creó el e-badge Staff" },
  "ebadge.updated": { en: "Changed the e-badge Crew", fr: "A modifié l'e-badge Crew", es: "Modificó el e-badge Crew" },
  "ebadge.deleted": { en: "Deleted the e-badge Crew", fr: "A supprimé l'e-badge Crew", es: "Eliminó el e-badge Crew" },
  "ebadge.background_set": {
    en: "Set gala.png as the background of the e-badge Staff",
    fr: "A déposé gala.png comme fond de l'e-badge Staff",
    es: "Subió gala.png como fondo del e-badge Staff",
  },
  "ebadge.conditions_updated": {
    en: "Changed the conditions of the e-badges",
    fr: "A modifié les conditions des e-badges",
    es: "Modificó las condiciones de los e-badges",
  },
  "ebadge.printed": {
    en: "Printed the e-badge of Marie Dupont",
    fr: "A imprimé l'e-badge de Marie Dupont",
    es: "Imprimió el e-badge de Marie Dupont",
  },
  "ebadge.batch_printed": {
    en: "Printed 120 e-badges",
    fr: "A imprimé 120 e-badges",
    es: "Imprimió 120 e-badges",
  },
  "ticket_category.created": {
    en: "Created the ticket category Workshops",
    fr: "A créé la catégorie de billets Workshops",
    es: "Creó la categoría de entradas Workshops",
  },
  "ticket_category.updated": {
    en: "Changed the ticket category Workshops",
    fr: "A modifié la catégorie de billets Workshops",
    es: "Modificó la categoría de entradas Workshops",
  },
  "ticket_category.deleted": {
    en: "Deleted the ticket category Workshops",
    fr: "A supprimé la catégorie de billets Workshops",
    es: "Eliminó la categoría de entradas Workshops",
  },
  "ticket_category.reordered": {
    en: "Reordered the ticket categories",
    fr: "A réordonné les catégories de billets",
    es: "Reordenó las categorías de entradas",
  },
  "ticket.created": {
    en: "Created the ticket Full pass",
    fr: "A créé le billet Full pass",
    es: "Creó la entrada Full pass",
  },
  "ticket.updated": {
    en: "Changed the ticket Full pass",
    fr: "A modifié le billet Full pass",
    es: "Modificó la entrada Full pass",
  },
  "ticket.deleted": {
    en: "Deleted the ticket Full pass",
    fr: "A supprimé le billet Full pass",
    es: "Eliminó la entrada Full pass",
  },
  "coupon.created": {
    en: "Created the coupon EARLY10",
    fr: "A créé le code promo EARLY10",
    es: "Creó el cupón EARLY10",
  },
  "coupon.updated": {
    en: "Changed the coupon EARLY10",
    fr: "A modifié le code promo EARLY10",
    es: "Modificó el cupón EARLY10",
  },
  "coupon.deleted": {
    en: "Deleted the coupon EARLY10",
    fr: "A supprimé le code promo EARLY10",
    es: "Eliminó el cupón EARLY10",
  },
  "campaign.created": {
    en: "Created the campaign Save the date",
    fr: "A créé la campagne Save the date",
    es: "Creó la campaña Save the date",
  },
  "campaign.updated": {
    en: "Changed the campaign Save the date",
    fr: "A modifié la campagne Save the date",
    es: "Modificó la campaña Save the date",
  },
  "campaign.deleted": {
    en: "Deleted the campaign Save the date",
    fr: "A supprimé la campagne Save the date",
    es: "Eliminó la campaña Save the date",
  },
  "campaign.send_started": {
    en: "Sent the campaign Save the date",
    fr: "A envoyé la campagne Save the date",
    es: "Envió la campaña Save the date",
  },
  "campaign.scheduled": {
    en: "Scheduled the campaign Save the date",
    fr: "A programmé la campagne Save the date",
    es: "Programó la campaña Save the date",
  },
  "campaign.cancelled": {
    en: "Cancelled the sending of the campaign Save the date",
    fr: "A annulé l'envoi de la campagne Save the date",
    es: "Canceló el envío de la campaña Save the date",
  },
  "auto_mail.updated": {
    en: "Changed the automatic mail Registration confirmation (Français)",
    fr: "A modifié l'e-mail automatique Confirmation d'inscription (Français)",
    es: "Modificó el correo automático Confirmación de inscripción (Français)",
  },
  "auto_mail.reset": {
    en: "Reset the automatic mail Refund (English) to its default wording",
    fr: "A rétabli le texte par défaut de l'e-mail automatique Remboursement (English)",
    es: "Restableció el texto predeterminado del correo automático Reembolso (English)",
  },
  "discount.created": {
    en: "Created the automatic discount Group of 5",
    fr: "A créé la remise automatique Group of 5",
    es: "Creó el descuento automático Group of 5",
  },
  "discount.updated": {
    en: "Changed the automatic discount Group of 5",
    fr: "A modifié la remise automatique Group of 5",
    es: "Modificó el descuento automático Group of 5",
  },
  "discount.deleted": {
    en: "Deleted the automatic discount Group of 5",
    fr: "A supprimé la remise automatique Group of 5",
    es: "Eliminó el descuento automático Group of 5",
  },
  "order.created": {
    en: "Created the order K7M2Q9XD",
    fr: "A créé la commande K7M2Q9XD",
    es: "Creó el pedido K7M2Q9XD",
  },
  "order.updated": {
    en: "Updated the billing address of the order K7M2Q9XD",
    fr: "A modifié l'adresse de facturation de la commande K7M2Q9XD",
    es: "Modificó la dirección de facturación del pedido K7M2Q9XD",
  },
  "order.confirmed": {
    en: "Confirmed the payment of the order K7M2Q9XD",
    fr: "A confirmé le paiement de la commande K7M2Q9XD",
    es: "Confirmó el pago del pedido K7M2Q9XD",
  },
  "order.awaiting": {
    en: "Placed the order K7M2Q9XD awaiting its payment",
    fr: "A mis la commande K7M2Q9XD en attente de paiement",
    es: "Dejó el pedido K7M2Q9XD a la espera de su pago",
  },
  "order.cancelled": {
    en: "Cancelled the order K7M2Q9XD",
    fr: "A annulé la commande K7M2Q9XD",
    es: "Canceló el pedido K7M2Q9XD",
  },
  "order.refunded": {
    en: "Refunded the order K7M2Q9XD",
    fr: "A remboursé la commande K7M2Q9XD",
    es: "Reembolsó el pedido K7M2Q9XD",
  },
  "ticketing.params_updated": {
    en: "Changed the ticketing parameters",
    fr: "A modifié les paramètres de la billetterie",
    es: "Modificó los parámetros de la venta de entradas",
  },
  "ticketing.sales_started": {
    en: "Opened the ticket office in live mode",
    fr: "A ouvert la billetterie en mode réel",
    es: "Abrió la venta de entradas en modo real",
  },
  "ticketing.sales_stopped": {
    en: "Closed the ticket office",
    fr: "A fermé la billetterie",
    es: "Cerró la venta de entradas",
  },
};

const sentence = (entry: Parameters<typeof historySentence>[0], language: TestLanguage) =>
  words(historySentence(entry, historyContext(language)));

describe("history sentences", () => {
  it.each(EVENT_AUDIT_ACTIONS.flatMap((action) => LANGUAGES.map((language) => [action, language] as const)))(
    "%s in %s",
    (action, language) => {
      expect(sentence(ENTRIES[action][0], language)).toBe(words(EXPECTED[action][language]));
    },
  );

  it("counts the guests of bulk changes and deletions", () => {
    const [, bulkUpdate] = ENTRIES["guest.updated"];
    const [, bulkDelete] = ENTRIES["guest.deleted"];
    expect(sentence(bulkUpdate!, "en")).toBe("Changed the answers of 2 guests");
    expect(sentence(bulkUpdate!, "fr")).toBe("A modifié les réponses de 2 invités");
    expect(sentence(bulkDelete!, "es")).toBe("Eliminó 3 invitados");
    expect(sentence(bulkDelete!, "en")).toBe("Deleted 3 guests");
  });

  it("names users and teams the account still has when the entry does not", () => {
    const ctx = historyContext("en", [], { users: new Map([[IDS.paul, "Paul Rey"]]), teams: new Map() });
    expect(historySentence(OLD_ENTRIES.accessGranted, ctx)).toBe("Gave Paul Rey access to the event");
  });

  it("still reads entries written before they named their subjects, without ids", () => {
    expect(sentence(OLD_ENTRIES.guestUpdated, "en")).toBe("Changed a guest");
    expect(sentence(OLD_ENTRIES.duplicateIgnored, "fr")).toBe("A mis de côté une paire de doublons possibles");
    expect(sentence(OLD_ENTRIES.imported, "es")).toBe("Importó 1 invitado desde un archivo");
    expect(sentence(OLD_ENTRIES.accessGranted, "en")).toBe("Gave a deleted user access to the event");
    expect(sentence(OLD_ENTRIES.duplicated, "fr")).toBe("A créé cet événement en copiant un autre événement");
  });

  it("names a form by the title its entry gives it, else by its kind alone", () => {
    expect(sentence(OLD_ENTRIES.untitledForm, "en")).toBe("Put a form online");
    expect(sentence(OLD_ENTRIES.untitledForm, "fr")).toBe("A mis en ligne un formulaire");
    const [deleted] = ENTRIES["form.deleted"];
    expect(sentence({ ...deleted, metadata: null }, "es")).toBe("Eliminó el formulario de acompañante «Companions»");
  });

  it("says a reprint and its reason", () => {
    const [, reprint] = ENTRIES["ebadge.printed"];
    expect(sentence(reprint!, "en")).toBe("Reprinted the e-badge of Marie Dupont (reason: Lost it)");
    expect(sentence(reprint!, "fr")).toBe("A réimprimé l'e-badge de Marie Dupont (motif : Lost it)");
    const [batch] = ENTRIES["ebadge.batch_printed"];
    const reprinted = { ...batch!, after: { ...batch!.after, printed: 1, reason: "New logo" } };
    expect(sentence(reprinted, "es")).toBe("Imprimió 1 e-badge, reimpresiones incluidas (motivo: New logo)");
  });

  it("says a retired entry-code key's codes signed again only when it had some, one or many", () => {
    const [resigned, alone] = ENTRIES["entry_code_key.retired"];
    expect(sentence(alone!, "en")).toBe("Retired the entry-code key 3");
    expect(sentence(alone!, "fr")).toBe("A retiré la clé 3 des codes d'entrée");
    expect(sentence(alone!, "es")).toBe("Retiró la clave 3 de los códigos de entrada");
    const one = { ...resigned, after: { ...resigned.after, resignedCodes: 1 } };
    expect(sentence(one, "en")).toBe("Retired the entry-code key 1 and signed its 1 code in force again with key 2");
    expect(sentence(one, "fr")).toBe(
      "A retiré la clé 1 des codes d'entrée et signé à nouveau son 1 code en vigueur avec la clé 2",
    );
    const many = { ...resigned, after: { ...resigned.after, resignedCodes: 1_000_000 } };
    expect(sentence(many, "fr")).toBe(
      words("A retiré la clé 1 des codes d'entrée et signé à nouveau ses 1 000 000 codes en vigueur avec la clé 2"),
    );
    expect(sentence(many, "es")).toContain("sus 1.000.000 códigos vigentes");
  });

  it("names the guest of an entry code, never the code", () => {
    const [revoked] = ENTRIES["guest.entry_code_revoked"];
    expect(sentence({ ...revoked, metadata: null }, "en")).toBe("Revoked the entry code of a guest");
    const [reissued] = ENTRIES["guest.entry_code_reissued"];
    for (const language of LANGUAGES) expect(sentence(reissued, language)).not.toMatch(/\d/);
  });

  it("words an action this version does not know without its code", () => {
    expect(LANGUAGES.map((language) => sentence(OLD_ENTRIES.unknownAction, language))).toEqual([
      "Made a change",
      "A fait une modification",
      "Hizo un cambio",
    ]);
  });
});
