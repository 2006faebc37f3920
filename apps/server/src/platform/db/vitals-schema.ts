import type { DeviceClass, NavigationType, VitalMetric } from "@site/contracts";

/** Row types of the real-user speed tables (migration 0006). `day` is a UTC date, YYYY-MM-DD. */
export interface VitalsHistogramTable {
  day: string;
  /** A route pattern of the site (SITE_ROUTE_PATTERNS), never an address. */
  route: string;
  device: DeviceClass;
  metric: VitalMetric;
  /** The histogram bucket's index (vitals/histogram.ts). */
  bucket: number;
  count: number;
}

export interface VitalsViewsTable {
  day: string;
  route: string;
  device: DeviceClass;
  navigation_type: NavigationType;
  count: number;
}

export interface VitalsTables {
  vitals_histogram: VitalsHistogramTable;
  vitals_views: VitalsViewsTable;
}
