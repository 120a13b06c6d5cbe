/**
 * Lookups over a finished model for cross-reference rules: releases, resources and parties by
 * their local anchor, the releases that use a resource (resource list, track list, linked
 * references), and the deals that name a release. Built once per message, in O(size of model).
 */
import type { Deal, ErnMessage, Party, Release, Resource } from './model.js';

export interface MessageIndex {
  release(ref: string): Release | undefined;
  resource(ref: string): Resource | undefined;
  party(ref: string): Party | undefined;
  releasesOfResource(ref: string): Release[];
  dealsOfRelease(ref: string): Deal[];
}

function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else if (!list.includes(value)) {
    // A second value makes a list of two, not one of 17 slots (V8's first growth): most lists stay short.
    if (list.length < 4) map.set(key, [...list, value]);
    else list.push(value);
  }
}

/** Indexes built so far, per model: many rules ask at message end, the index is built once. */
const built = new WeakMap<ErnMessage, MessageIndex>();

/** The index of a finished model (memoized: call it freely from every rule's `Message:exit`). */
export function indexMessage(m: ErnMessage): MessageIndex {
  let index = built.get(m);
  if (!index) built.set(m, (index = buildIndex(m)));
  return index;
}

function buildIndex(m: ErnMessage): MessageIndex {
  const releases = new Map<string, Release>();
  const resources = new Map<string, Resource>();
  const parties = new Map<string, Party>();
  const byResource = new Map<string, Release[]>();
  const byRelease = new Map<string, Deal[]>();

  // The first anchor wins: a duplicate anchor is a finding for a rule, not something to hide here.
  // Indexed loops: this runs once per message, before the compiler would remove for-of's
  // iterator results, one allocation per element otherwise (about 15 MB at 40,000 tracks).
  const rs = m.releases;
  for (let i = 0; i < rs.length; i++) {
    const r = rs[i];
    if (r.reference && releases.get(r.reference.value) === undefined) releases.set(r.reference.value, r);
  }
  const res = m.resources;
  for (let i = 0; i < res.length; i++) {
    const r = res[i];
    if (r.reference && resources.get(r.reference.value) === undefined) resources.set(r.reference.value, r);
  }
  const ps = m.parties;
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i];
    if (p.reference.value && parties.get(p.reference.value) === undefined) parties.set(p.reference.value, p);
  }

  for (let i = 0; i < rs.length; i++) {
    const r = rs[i];
    const refs = r.resourceReferences;
    for (let j = 0; j < refs.length; j++) addTo(byResource, refs[j].value, r);
    const tracks = r.tracks;
    for (let j = 0; j < tracks.length; j++) {
      const t = tracks[j];
      addTo(byResource, t.resourceReference.value, r);
      for (let k = 0; k < t.linked.length; k++) addTo(byResource, t.linked[k], r);
    }
    const linked = r.linkedResourceReferences;
    if (linked) for (let j = 0; j < linked.length; j++) addTo(byResource, linked[j].value, r);
  }
  const ds = m.deals;
  for (let i = 0; i < ds.length; i++) {
    const d = ds[i];
    for (let j = 0; j < d.releaseReferences.length; j++) addTo(byRelease, d.releaseReferences[j].value, d);
  }

  return {
    release: (ref) => releases.get(ref),
    resource: (ref) => resources.get(ref),
    party: (ref) => parties.get(ref),
    releasesOfResource: (ref) => byResource.get(ref) ?? [],
    dealsOfRelease: (ref) => byRelease.get(ref) ?? [],
  };
}
