/** Copy of the About page: content/about.yaml. Teams are described by role; no named individuals. */
export { about } from "@site/content/data/about";
