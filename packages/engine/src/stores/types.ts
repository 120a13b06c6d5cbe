/**
 * A store profile: what one store publishes about the deliveries it accepts, as data. Each
 * requirement names the rule that checks it (with the rule's options, or a patch of the service
 * profile for profile-driven rules) and the public page it comes from. What a store does not
 * publish is not in its profile: `notSourced` says what was looked for and left out.
 */
import type { Profile } from '../profile/types.js';

export interface Source {
  url: string;
  title: string;
  /** Date the page was read (YYYY-MM-DD). */
  read: string;
}

/** A patch over the run's service profile, one level deep per section (`{audio: {channels: [2]}}`). */
export type ProfilePatch = { [K in keyof Profile]?: Profile[K] extends object ? (Profile[K] extends unknown[] ? Profile[K] : Partial<Profile[K]>) : Profile[K] };

export interface Requirement {
  /** Stable id, `<store>-<subject>` (`spotify-ern-version`); the `requirement` of its checks. */
  id: string;
  /** What the store asks, in one sentence (printed by `profiles show` and in docs/stores.md). */
  text: string;
  rule: string;
  options?: Record<string, unknown>;
  /** For rules reading the service profile (`audio-format-accepted`, `artwork-size-minimum`...). */
  profile?: ProfilePatch;
  /** Severity for this store; the rule's default severity when absent. */
  severity?: 'error' | 'warn' | 'info';
  source: Source;
}

export interface StoreProfile {
  /** Lower-case id used by `--stores` (`spotify`). */
  id: string;
  name: string;
  requirements: Requirement[];
  /** Published requirements (or ones the issue asked for) that could not be sourced or checked, and why. */
  notSourced: string[];
}
