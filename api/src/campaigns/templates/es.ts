import type { LanguageCopy } from "./copy.ts";

const signature = "El equipo de {{eventName}}";

export const es: LanguageCopy = {
  templates: {
    save_the_date: {
      subject: "Reserve la fecha: {{eventName}} el {{eventDate}}",
      body: `<h1>Reserve la fecha</h1>
<p>Hola, {{firstName}}:</p>
<p>Nos complace anunciarle que <strong>{{eventName}}</strong> tendrá lugar el <strong>{{eventDate}}</strong>. Le invitamos a reservar esta fecha en su agenda.</p>
<p>Su invitación personal, con el programa y el enlace de inscripción, llegará en las próximas semanas.</p>`,
      buttons: [],
      closing: `<p>Esperamos verle allí.<br>${signature}</p>`,
    },
    invitation: {
      subject: "Está invitado/a a {{eventName}}",
      body: `<h1>Está invitado/a</h1>
<p>Hola, {{firstName}}:</p>
<p>Es un placer invitarle a <strong>{{eventName}}</strong> el <strong>{{eventDate}}</strong>.</p>
<p>Las plazas son limitadas: díganos si nos acompañará inscribiéndose con el botón de abajo. Solo le llevará un minuto.</p>`,
      buttons: [{ label: "Inscribirme", link: "registrationLink" }],
      closing: `<p>¿Tiene alguna pregunta? Responda simplemente a este correo.</p>
<p>Esperamos verle pronto,<br>${signature}</p>`,
    },
    reflate: {
      subject: "Su invitación a {{eventName}} espera su respuesta",
      body: `<h1>Nos encantaría verle</h1>
<p>Hola, {{firstName}}:</p>
<p>Hace poco le invitamos a <strong>{{eventName}}</strong> el <strong>{{eventDate}}</strong> y todavía no hemos recibido su respuesta.</p>
<p>Aún está a tiempo de inscribirse, pero las plazas vuelan. Pueda venir o no, una respuesta rápida nos ayuda a preparar el evento.</p>`,
      buttons: [{ label: "Responder a la invitación", link: "registrationLink" }],
      closing: `<p>Un cordial saludo,<br>${signature}</p>`,
    },
    reminder: {
      subject: "{{eventName}} se acerca: su información práctica",
      body: `<h1>Hasta pronto en {{eventName}}</h1>
<p>Hola, {{firstName}}:</p>
<p>Gracias por inscribirse. Estaremos encantados de recibirle el <strong>{{eventDate}}</strong>.</p>
<h3>Antes de venir</h3>
<ul>
<li>Descargue su acreditación y llévela en el móvil, o imprímala: entrará más rápido.</li>
<li>Consulte el programa y sus datos en su área de invitado.</li>
</ul>`,
      buttons: [
        { label: "Obtener mi acreditación", link: "badgeLink" },
        { label: "Abrir mi área de invitado", link: "portalLink" },
      ],
      closing: `<p>Hasta muy pronto,<br>${signature}</p>`,
    },
    thank: {
      subject: "Gracias por acompañarnos en {{eventName}}",
      body: `<h1>¡Gracias!</h1>
<p>Hola, {{firstName}}:</p>
<p>Gracias por participar en <strong>{{eventName}}</strong>. Su presencia hizo del evento un éxito.</p>
<p>Las presentaciones, las fotos y los recursos de la jornada le esperan en su área de invitado. También le agradeceríamos su opinión: nos ayuda a mejorar la próxima edición.</p>`,
      buttons: [{ label: "Abrir mi área de invitado", link: "portalLink" }],
      closing: `<p>Gracias de nuevo y hasta la próxima,<br>${signature}</p>`,
    },
    custom: {
      subject: "Novedades de {{eventName}}",
      body: `<h1>Novedades de {{eventName}}</h1>
<p>Hola, {{firstName}}:</p>
<p>Tenemos novedades sobre <strong>{{eventName}}</strong> del <strong>{{eventDate}}</strong>: un cambio en el programa, un nuevo ponente o información práctica para su visita.</p>
<p>Encontrará todos los detalles, siempre actualizados, en su área de invitado.</p>`,
      buttons: [{ label: "Abrir mi área de invitado", link: "portalLink" }],
      closing: `<p>Un cordial saludo,<br>${signature}</p>`,
    },
  },
  footer: `<p>Recibe este correo sobre {{eventName}} porque figura en su lista de invitados.<br><a href="{{unsubscribeLink}}">Darse de baja</a></p>`,
};
