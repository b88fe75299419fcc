import type { AutoMailLanguageCopy } from "./copy.ts";

const signature = "El equipo de {{eventName}}";

export const es: AutoMailLanguageCopy = {
  mails: {
    registration_confirmation: {
      subject: "Su inscripción en {{eventName}} está confirmada",
      body: `<p>Hola, {{firstName}}:</p>
<p>Gracias: su inscripción en <strong>{{eventName}}</strong> está confirmada. Tenemos muchas ganas de recibirle el {{eventDate}}.</p>`,
      button: { label: "Obtener mi acreditación", link: "badgeLink" },
      closing: `<p>Si no se ha inscrito, ignore este correo.</p>
<p>Hasta pronto,<br>${signature}</p>`,
    },
    registration_approved: {
      subject: "Su inscripción en {{eventName}} ha sido aceptada",
      body: `<p>Hola, {{firstName}}:</p>
<p>Buenas noticias: el organizador ha aceptado su inscripción en <strong>{{eventName}}</strong>. Tenemos muchas ganas de recibirle el {{eventDate}}.</p>`,
      button: { label: "Abrir mi espacio de invitado", link: "portalLink" },
      closing: `<p>Hasta pronto,<br>${signature}</p>`,
    },
    registration_rejected: {
      subject: "Su inscripción en {{eventName}}",
      body: `<p>Hola, {{firstName}}:</p>
<p>Gracias por su interés en <strong>{{eventName}}</strong>. Lo sentimos: el organizador no ha podido aceptar su inscripción.</p>`,
      closing: `<p>Atentamente,<br>${signature}</p>`,
    },
    registration_cancelled: {
      subject: "Su inscripción en {{eventName}} ha sido cancelada",
      body: `<p>Hola, {{firstName}}:</p>
<p>Como nos pidió, su inscripción en <strong>{{eventName}}</strong> ha sido cancelada. ¿Ha cambiado de opinión? Puede volver a inscribirse desde su espacio de invitado.</p>`,
      button: { label: "Abrir mi espacio de invitado", link: "portalLink" },
      closing: `<p>Atentamente,<br>${signature}</p>`,
    },
    magic_link: {
      subject: "Acceso a {{eventName}}",
      body: `<p>Hola, {{firstName}}:</p>
<p>Use este botón para acceder a su espacio de <strong>{{eventName}}</strong>: su inscripción, sus acompañantes, su acreditación.</p>`,
      button: { label: "Acceder", link: "signInLink" },
      closing: `<p>¿En otro dispositivo? Introduzca este código: <strong>{{signInCode}}</strong></p>
<p>El enlace y el código son válidos durante {{signInMinutes}} minutos, una sola vez.</p>
<p>Si no ha pedido acceder, ignore este correo: no pasa nada sin el enlace o el código.</p>`,
    },
    order_confirmation: {
      subject: "Su pedido {{orderReference}} para {{eventName}}",
      body: `<p>Hola, {{firstName}}:</p>
<p>Gracias por su pedido para <strong>{{eventName}}</strong>. Está confirmado.</p>
<p><strong>Pedido:</strong> {{orderReference}}, {{orderDate}}<br>{{orderItems}}<br><strong>Total:</strong> {{orderTotal}}</p>`,
      button: { label: "Abrir mi espacio de invitado", link: "portalLink" },
      closing: `<p>Hasta pronto,<br>${signature}</p>`,
    },
    order_refund: {
      subject: "Su reembolso del pedido {{orderReference}}",
      body: `<p>Hola, {{firstName}}:</p>
<p>Le hemos reembolsado <strong>{{refundAmount}}</strong> de su pedido {{orderReference}} para <strong>{{eventName}}</strong> (total {{orderTotal}}). El importe puede tardar unos días en aparecer en su cuenta.</p>`,
      closing: `<p>Atentamente,<br>${signature}</p>`,
    },
  },
  footer: "<p>Recibe este correo por su inscripción en {{eventName}}.</p>",
};
