/** Test support: a base message (rules/testing) whose DealList is replaced by the given deals, read by the real streaming reader. */
import { baseMessage, type BaseVersion } from '../../rules/testing/rule-tester.js';
import { readXml } from '../../ern/testing/read-message.js';
import { releaseViews, type ReleaseView } from '../view.js';
import type { ErnMessage } from '../../ern/model.js';

/** One deal: its DealTerms children, in the order of the version's schema. */
export interface DealSpec {
  releases: string[];
  terms: string;
}

export function withDeals(version: BaseVersion, deals: DealSpec[]): string {
  const xml = baseMessage(version);
  const list = deals
    .map((d) => `    <ReleaseDeal>\n${d.releases.map((r) => `      <DealReleaseReference>${r}</DealReleaseReference>\n`).join('')}      <Deal>\n        <DealTerms>\n${d.terms}\n        </DealTerms>\n      </Deal>\n    </ReleaseDeal>`)
    .join('\n');
  return xml.replace(/<DealList>[\s\S]*<\/DealList>/, `<DealList>\n${list}\n  </DealList>`);
}

export async function viewsOf(xml: string): Promise<{ message: ErnMessage; views: Map<string, ReleaseView> }> {
  const { message } = await readXml(xml);
  const views = new Map<string, ReleaseView>();
  for (const v of releaseViews(message)) views.set(v.reference ?? '', v);
  return { message, views };
}
