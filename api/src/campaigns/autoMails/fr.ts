import type { AutoMailLanguageCopy } from "./copy.ts";

const signature = "L'équipe {{eventName}}";

export const fr: AutoMailLanguageCopy = {
  mails: {
    registration_confirmation: {
      subject: "Votre inscription à {{eventName}} est confirmée",
      body: `<p>Bonjour {{firstName}},</p>
<p>Merci : votre inscription à <strong>{{eventName}}</strong> est confirmée. Nous avons hâte de vous accueillir le {{eventDate}}.</p>`,
      button: { label: "Obtenir mon badge", link: "badgeLink" },
      closing: `<p>Si vous ne vous êtes pas inscrit(e), ignorez cet e-mail.</p>
<p>À très bientôt,<br>${signature}</p>`,
    },
    registration_approved: {
      subject: "Votre inscription à {{eventName}} est acceptée",
      body: `<p>Bonjour {{firstName}},</p>
<p>Bonne nouvelle : l'organisateur a accepté votre inscription à <strong>{{eventName}}</strong>. Nous avons hâte de vous accueillir le {{eventDate}}.</p>`,
      button: { label: "Ouvrir mon espace invité", link: "portalLink" },
      closing: `<p>À très bientôt,<br>${signature}</p>`,
    },
    registration_rejected: {
      subject: "Votre inscription à {{eventName}}",
      body: `<p>Bonjour {{firstName}},</p>
<p>Merci de votre intérêt pour <strong>{{eventName}}</strong>. Nous sommes désolés : l'organisateur n'a pas pu accepter votre inscription.</p>`,
      closing: `<p>Bien cordialement,<br>${signature}</p>`,
    },
    registration_cancelled: {
      subject: "Votre inscription à {{eventName}} est annulée",
      body: `<p>Bonjour {{firstName}},</p>
<p>Comme vous l'avez demandé, votre inscription à <strong>{{eventName}}</strong> est annulée. Vous avez changé d'avis ? Vous pouvez vous réinscrire depuis votre espace invité.</p>`,
      button: { label: "Ouvrir mon espace invité", link: "portalLink" },
      closing: `<p>Bien cordialement,<br>${signature}</p>`,
    },
    magic_link: {
      subject: "Connexion à {{eventName}}",
      body: `<p>Bonjour {{firstName}},</p>
<p>Utilisez ce bouton pour vous connecter à votre espace de <strong>{{eventName}}</strong> : votre inscription, vos accompagnants, votre badge.</p>`,
      button: { label: "Me connecter", link: "signInLink" },
      closing: `<p>Sur un autre appareil ? Saisissez plutôt ce code : <strong>{{signInCode}}</strong></p>
<p>Le lien et le code sont valables {{signInMinutes}} minutes, une seule fois.</p>
<p>Si vous n'avez pas demandé à vous connecter, ignorez cet e-mail : rien ne se passe sans le lien ou le code.</p>`,
    },
    order_confirmation: {
      subject: "Votre commande {{orderReference}} pour {{eventName}}",
      body: `<p>Bonjour {{firstName}},</p>
<p>Merci pour votre commande pour <strong>{{eventName}}</strong>. Elle est confirmée.</p>
<p><strong>Commande :</strong> {{orderReference}}, {{orderDate}}<br>{{orderItems}}<br><strong>Total :</strong> {{orderTotal}}</p>`,
      button: { label: "Ouvrir mon espace invité", link: "portalLink" },
      closing: `<p>À très bientôt,<br>${signature}</p>`,
    },
    order_refund: {
      subject: "Votre remboursement pour la commande {{orderReference}}",
      body: `<p>Bonjour {{firstName}},</p>
<p>Nous vous avons remboursé <strong>{{refundAmount}}</strong> sur votre commande {{orderReference}} pour <strong>{{eventName}}</strong> (total {{orderTotal}}). Le montant peut mettre quelques jours à apparaître sur votre compte.</p>`,
      closing: `<p>Bien cordialement,<br>${signature}</p>`,
    },
  },
  footer: "<p>Vous recevez cet e-mail en raison de votre inscription à {{eventName}}.</p>",
};
