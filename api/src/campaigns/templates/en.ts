import type { LanguageCopy } from "./copy.ts";

const signature = "The {{eventName}} team";

export const en: LanguageCopy = {
  templates: {
    save_the_date: {
      subject: "Save the date: {{eventName}} on {{eventDate}}",
      body: `<h1>Save the date</h1>
<p>Dear {{firstName}},</p>
<p>We are delighted to let you know that <strong>{{eventName}}</strong> will take place on <strong>{{eventDate}}</strong>. Please keep the date free in your calendar.</p>
<p>Your personal invitation, with the programme and the link to register, will follow in the coming weeks.</p>`,
      buttons: [],
      closing: `<p>We look forward to seeing you there.<br>${signature}</p>`,
    },
    invitation: {
      subject: "You are invited to {{eventName}}",
      body: `<h1>You are invited</h1>
<p>Dear {{firstName}},</p>
<p>It is our pleasure to invite you to <strong>{{eventName}}</strong> on <strong>{{eventDate}}</strong>.</p>
<p>Places are limited: please tell us whether you will join us by registering with the button below. It only takes a minute.</p>`,
      buttons: [{ label: "Register now", link: "registrationLink" }],
      closing: `<p>Any question? Simply reply to this email.</p>
<p>We hope to see you soon,<br>${signature}</p>`,
    },
    reflate: {
      subject: "Your invitation to {{eventName}} is waiting for your answer",
      body: `<h1>We would love to see you</h1>
<p>Dear {{firstName}},</p>
<p>We recently invited you to <strong>{{eventName}}</strong> on <strong>{{eventDate}}</strong>, and we have not received your answer yet.</p>
<p>There is still time to register, but places are going fast. Whether you can come or not, a quick answer helps us prepare the event.</p>`,
      buttons: [{ label: "Answer the invitation", link: "registrationLink" }],
      closing: `<p>Kind regards,<br>${signature}</p>`,
    },
    reminder: {
      subject: "{{eventName}} is coming up: your practical information",
      body: `<h1>See you soon at {{eventName}}</h1>
<p>Dear {{firstName}},</p>
<p>Thank you for registering. We look forward to welcoming you on <strong>{{eventDate}}</strong>.</p>
<h3>Before you come</h3>
<ul>
<li>Download your badge and keep it on your phone, or print it: it gets you in faster at the entrance.</li>
<li>Check the programme and your details in your guest area.</li>
</ul>`,
      buttons: [
        { label: "Get my badge", link: "badgeLink" },
        { label: "Open my guest area", link: "portalLink" },
      ],
      closing: `<p>See you very soon,<br>${signature}</p>`,
    },
    thank: {
      subject: "Thank you for joining us at {{eventName}}",
      body: `<h1>Thank you!</h1>
<p>Dear {{firstName}},</p>
<p>Thank you for taking part in <strong>{{eventName}}</strong>. Your presence made the event a success.</p>
<p>The presentations, photos and resources of the day are waiting for you in your guest area. We would also be grateful for your feedback: it helps us make the next edition even better.</p>`,
      buttons: [{ label: "Open my guest area", link: "portalLink" }],
      closing: `<p>Thank you again, and see you next time,<br>${signature}</p>`,
    },
    custom: {
      subject: "News from {{eventName}}",
      body: `<h1>News from {{eventName}}</h1>
<p>Dear {{firstName}},</p>
<p>We have news to share about <strong>{{eventName}}</strong> on <strong>{{eventDate}}</strong>: a change in the programme, a new speaker or practical information for your visit.</p>
<p>You will find every detail, kept up to date, in your guest area.</p>`,
      buttons: [{ label: "Open my guest area", link: "portalLink" }],
      closing: `<p>Kind regards,<br>${signature}</p>`,
    },
  },
  footer: `<p>You receive this email about {{eventName}} because you are on its guest list.<br><a href="{{unsubscribeLink}}">Unsubscribe</a></p>`,
};
