/** The company statistics (spec §1, §9): content/stats.yaml. */
export { stats } from "@site/content/data/stats";
