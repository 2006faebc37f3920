/** Copy of the home page (spec §1, §2 'Home page sections, in order'): content/home.yaml. */
export { home } from "@site/content/data/home";
