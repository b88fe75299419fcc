import validation from "../es/validation.json";
import web from "../es/web.json";

/** What the web app's screens say in Spanish, loaded when the page is in Spanish (errors travel with the app). */
export const catalogues = { validation, web };
