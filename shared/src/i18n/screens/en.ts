import validation from "../en/validation.json";
import web from "../en/web.json";

/** What the web app's screens say in English, loaded when the page is in English (errors travel with the app). */
export const catalogues = { validation, web };
