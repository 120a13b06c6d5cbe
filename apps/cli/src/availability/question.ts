/** What `ddex-check availability --territory --on` asks: a territory (or anywhere) on a day. */
export interface Question {
  territory: string;
  on: string;
  day: number;
}
