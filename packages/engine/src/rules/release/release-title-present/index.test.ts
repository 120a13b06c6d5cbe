import { ruleTable } from '../../testing/expect-finding.js';
import { F382, F43 } from '../../testing/base-fragments.js';

ruleTable('release-title-present', [
  { name: 'release without titles', version: '4.3', edits: [[F43.releaseTitle, F43.releaseTitle.replace(/<DisplayTitleText>Harbour Lights<\/DisplayTitleText>\n      <DisplayTitle>\n        <TitleText>Harbour Lights<\/TitleText>\n      <\/DisplayTitle>\n/, '')]], findings: [{ id: 'release', at: '<Release>', path: '/NewReleaseMessage/ReleaseList/Release' }], status: 'error' },
  { name: 'punctuation-only title', version: '4.3', edits: [[F43.releaseTitle, F43.releaseTitle.replaceAll('Harbour Lights', '...')]], findings: [{ id: 'blank', at: '<Release>', path: '/NewReleaseMessage/ReleaseList/Release' }] },
  { name: 'track without a title', version: '4.3', edits: [['<DisplayTitleText>First Light</DisplayTitleText>\n      <DisplayTitle>\n        <TitleText>First Light</TitleText>\n      </DisplayTitle>', '']], findings: [{ id: 'resource', at: '<SoundRecording>', path: '/NewReleaseMessage/ResourceList/SoundRecording' }], check: (run) => void (run.findings[0].resource === 'A1' || (() => { throw new Error('resource A1 expected'); })()) },
  { name: 'empty reference title and no display title', version: '3.8.2', edits: [[F382.releaseTitle, F382.releaseTitle.replace('<TitleText>Tidewater</TitleText>', '<TitleText/>')], [F382.releaseDisplayTitle, F382.releaseDisplayTitle.replace('<TitleText>Tidewater</TitleText>', '<TitleText> </TitleText>')]], findings: [{ id: 'release', at: '<Release IsMainRelease="true">', path: '/NewReleaseMessage/ReleaseList/Release' }] },
]);
