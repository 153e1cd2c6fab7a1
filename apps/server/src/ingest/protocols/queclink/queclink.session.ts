/** What a Queclink connection remembers: the unit's IMEI once a frame named it (both formats). */
export interface QueclinkSession {
  serial?: string;
}
