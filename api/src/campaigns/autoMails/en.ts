import type { AutoMailLanguageCopy } from "./copy.ts";

const signature = "The {{eventName}} team";

export const en: AutoMailLanguageCopy = {
  mails: {
    registration_confirmation: {
      subject: "Your registration for {{eventName}} is confirmed",
      body: `<p>Hello {{firstName}},</p>
<p>Thank you: your registration for <strong>{{eventName}}</strong> is confirmed. We look forward to welcoming you on {{eventDate}}.</p>`,
      button: { label: "Get my badge", link: "badgeLink" },
      closing: `<p>If you did not register, ignore this email.</p>
<p>See you soon,<br>${signature}</p>`,
    },
    registration_approved: {
      subject: "Your registration for {{eventName}} is approved",
      body: `<p>Hello {{firstName}},</p>
<p>Good news: the organizer approved your registration for <strong>{{eventName}}</strong>. We look forward to welcoming you on {{eventDate}}.</p>`,
      button: { label: "Open my guest area", link: "portalLink" },
      closing: `<p>See you soon,<br>${signature}</p>`,
    },
    registration_rejected: {
      subject: "Your registration for {{eventName}}",
      body: `<p>Hello {{firstName}},</p>
<p>Thank you for your interest in <strong>{{eventName}}</strong>. We are sorry: the organizer could not accept your registration.</p>`,
      closing: `<p>Kind regards,<br>${signature}</p>`,
    },
    registration_cancelled: {
      subject: "Your registration for {{eventName}} is cancelled",
      body: `<p>Hello {{firstName}},</p>
<p>As you asked, your registration for <strong>{{eventName}}</strong> is cancelled. Changed your mind? You can register again from your guest area.</p>`,
      button: { label: "Open my guest area", link: "portalLink" },
      closing: `<p>Kind regards,<br>${signature}</p>`,
    },
    magic_link: {
      subject: "Sign in to {{eventName}}",
      body: `<p>Hello {{firstName}},</p>
<p>Use this button to sign in to your space for <strong>{{eventName}}</strong>: your registration, your companions, your badge.</p>`,
      button: { label: "Sign in", link: "signInLink" },
      closing: `<p>On another device? Enter this code instead: <strong>{{signInCode}}</strong></p>
<p>The link and the code are valid for {{signInMinutes}} minutes, once.</p>
<p>If you did not ask to sign in, ignore this email: nothing happens without the link or the code.</p>`,
    },
    order_confirmation: {
      subject: "Your order {{orderReference}} for {{eventName}}",
      body: `<p>Hello {{firstName}},</p>
<p>Thank you for your order for <strong>{{eventName}}</strong>. It is confirmed.</p>
<p><strong>Order:</strong> {{orderReference}}, {{orderDate}}<br>{{orderItems}}<br><strong>Total:</strong> {{orderTotal}}</p>`,
      button: { label: "Open my guest area", link: "portalLink" },
      closing: `<p>See you soon,<br>${signature}</p>`,
    },
    order_refund: {
      subject: "Your refund for the order {{orderReference}}",
      body: `<p>Hello {{firstName}},</p>
<p>We have refunded <strong>{{refundAmount}}</strong> on your order {{orderReference}} for <strong>{{eventName}}</strong> (total {{orderTotal}}). It may take a few days to reach your account.</p>`,
      closing: `<p>Kind regards,<br>${signature}</p>`,
    },
  },
  footer: "<p>You receive this email because of your registration for {{eventName}}.</p>",
};
