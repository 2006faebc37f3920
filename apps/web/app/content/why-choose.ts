/** The home page's 'Why choose' carousel: content/why-choose.yaml. */
export { whyChoose } from "@site/content/data/why-choose";
