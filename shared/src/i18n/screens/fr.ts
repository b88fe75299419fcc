import validation from "../fr/validation.json";
import web from "../fr/web.json";

/** What the web app's screens say in French, loaded when the page is in French (errors travel with the app). */
export const catalogues = { validation, web };
