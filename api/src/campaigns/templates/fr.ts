import type { LanguageCopy } from "./copy.ts";

const signature = "L'équipe {{eventName}}";

export const fr: LanguageCopy = {
  templates: {
    save_the_date: {
      subject: "Réservez la date : {{eventName}} le {{eventDate}}",
      body: `<h1>Réservez la date</h1>
<p>Bonjour {{firstName}},</p>
<p>Nous avons le plaisir de vous annoncer que <strong>{{eventName}}</strong> aura lieu le <strong>{{eventDate}}</strong>. Pensez à bloquer cette date dans votre agenda.</p>
<p>Votre invitation personnelle, avec le programme et le lien d'inscription, suivra dans les prochaines semaines.</p>`,
      buttons: [],
      closing: `<p>Au plaisir de vous y retrouver,<br>${signature}</p>`,
    },
    invitation: {
      subject: "Vous êtes invité(e) à {{eventName}}",
      body: `<h1>Vous êtes invité(e)</h1>
<p>Bonjour {{firstName}},</p>
<p>Nous avons le plaisir de vous inviter à <strong>{{eventName}}</strong> le <strong>{{eventDate}}</strong>.</p>
<p>Les places sont limitées : dites-nous si vous serez des nôtres en vous inscrivant avec le bouton ci-dessous. Cela ne prend qu'une minute.</p>`,
      buttons: [{ label: "Je m'inscris", link: "registrationLink" }],
      closing: `<p>Une question ? Répondez simplement à cet e-mail.</p>
<p>En espérant vous voir bientôt,<br>${signature}</p>`,
    },
    reflate: {
      subject: "Votre invitation à {{eventName}} attend votre réponse",
      body: `<h1>Nous serions ravis de vous voir</h1>
<p>Bonjour {{firstName}},</p>
<p>Nous vous avons récemment invité(e) à <strong>{{eventName}}</strong> le <strong>{{eventDate}}</strong>, et nous n'avons pas encore reçu votre réponse.</p>
<p>Il est encore temps de vous inscrire, mais les places partent vite. Que vous puissiez venir ou non, une réponse rapide nous aide à préparer l'événement.</p>`,
      buttons: [{ label: "Répondre à l'invitation", link: "registrationLink" }],
      closing: `<p>Bien cordialement,<br>${signature}</p>`,
    },
    reminder: {
      subject: "{{eventName}} approche : vos informations pratiques",
      body: `<h1>À très bientôt à {{eventName}}</h1>
<p>Bonjour {{firstName}},</p>
<p>Merci pour votre inscription. Nous nous réjouissons de vous accueillir le <strong>{{eventDate}}</strong>.</p>
<h3>Avant de venir</h3>
<ul>
<li>Téléchargez votre badge et gardez-le sur votre téléphone, ou imprimez-le : vous entrerez plus vite.</li>
<li>Consultez le programme et vos informations dans votre espace invité.</li>
</ul>`,
      buttons: [
        { label: "Obtenir mon badge", link: "badgeLink" },
        { label: "Ouvrir mon espace invité", link: "portalLink" },
      ],
      closing: `<p>À très vite,<br>${signature}</p>`,
    },
    thank: {
      subject: "Merci d'avoir participé à {{eventName}}",
      body: `<h1>Merci !</h1>
<p>Bonjour {{firstName}},</p>
<p>Merci d'avoir participé à <strong>{{eventName}}</strong>. Votre présence a fait le succès de l'événement.</p>
<p>Les présentations, les photos et les ressources de la journée vous attendent dans votre espace invité. Votre avis nous serait aussi précieux : il nous aide à rendre la prochaine édition encore meilleure.</p>`,
      buttons: [{ label: "Ouvrir mon espace invité", link: "portalLink" }],
      closing: `<p>Merci encore, et à la prochaine,<br>${signature}</p>`,
    },
    custom: {
      subject: "Des nouvelles de {{eventName}}",
      body: `<h1>Des nouvelles de {{eventName}}</h1>
<p>Bonjour {{firstName}},</p>
<p>Nous avons du nouveau à vous annoncer au sujet de <strong>{{eventName}}</strong> du <strong>{{eventDate}}</strong> : un changement de programme, un nouvel intervenant ou des informations pratiques pour votre venue.</p>
<p>Vous trouverez tous les détails, tenus à jour, dans votre espace invité.</p>`,
      buttons: [{ label: "Ouvrir mon espace invité", link: "portalLink" }],
      closing: `<p>Bien cordialement,<br>${signature}</p>`,
    },
  },
  footer: `<p>Vous recevez cet e-mail au sujet de {{eventName}} car vous figurez sur sa liste d'invités.<br><a href="{{unsubscribeLink}}">Se désinscrire</a></p>`,
};
