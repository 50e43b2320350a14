import { z } from 'zod';

/** Where the ad slot sits in a list and how many search ads show (user info, lists, profiles). */
export const adsInfoSchema = z.object({
  showAds: z.boolean(),
  adPosition: z.number(),
  searchAds: z.number(),
});
export type AdsInfo = z.infer<typeof adsInfoSchema>;
