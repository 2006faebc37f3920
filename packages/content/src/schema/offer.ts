import type { z } from "zod";
import { link } from "./common";
import { group, text } from "./fields";

/** offer.yaml: the special offer the home page shows in a popup after 10 seconds (spec §9). */
export const offerSchema = group("Offer popup", {
  title: text("Title"),
  discount: text("Discount", { max: 20, description: "Shown large, followed by 'off', e.g. 20%." }),
  text: text("Text", { multiline: true }),
  cta: link("Button"),
});
export type OfferFile = z.output<typeof offerSchema>;
