import type { z } from "zod";
import { group, list, text } from "./fields";

/** stats.yaml: the company's figures (spec §1, §9: four of them). */
export const statsSchema = group("Company figures", {
  stats: list(
    "Figures",
    group("Figure", {
      value: text("Figure", { max: 12, description: "e.g. 50+ or 99%" }),
      label: text("Label"),
    }),
    {
      itemLabel: "label",
      max: 8,
    },
  ),
});
export type StatsFile = z.output<typeof statsSchema>;
