import packageBatchReadable from './package/package-batch-readable/index.js';
import packageFileHash from './package/package-file-hash/index.js';
import packageFilePresent from './package/package-file-present/index.js';
import packageFileSize from './package/package-file-size/index.js';
import packageFileUnreferenced from './package/package-file-unreferenced/index.js';
import xmlSchemaValid from './xml/xml-schema-valid/index.js';
import xmlVersionDeclared from './xml/xml-version-declared/index.js';
import xmlVersionLegacy from './xml/xml-version-legacy/index.js';
import xmlVersionSupported from './xml/xml-version-supported/index.js';
import xmlWellFormed from './xml/xml-well-formed/index.js';
import releaseClinePresent from './release/release-cline-present/index.js';
import releaseCoverArtPresent from './release/release-cover-art-present/index.js';
import releaseDateOrder from './release/release-date-order/index.js';
import releaseDatePresent from './release/release-date-present/index.js';
import releaseDateValid from './release/release-date-valid/index.js';
import releaseDisplayArtistPresent from './release/release-display-artist-present/index.js';
import releaseDurationPlausible from './release/release-duration-plausible/index.js';
import releaseDurationValid from './release/release-duration-valid/index.js';
import releaseLabelPresent from './release/release-label-present/index.js';
import releaseLanguageValid from './release/release-language-valid/index.js';
import releaseMainFlagged from './release/release-main-flagged/index.js';
import releaseMainIdPresent from './release/release-main-id-present/index.js';
import releaseMainPresent from './release/release-main-present/index.js';
import releaseParentalWarningValid from './release/release-parental-warning-valid/index.js';
import releasePclineYear from './release/release-pcline-year/index.js';
import releasePlinePresent from './release/release-pline-present/index.js';
import releasePresent from './release/release-present/index.js';
import releasePrimaryIsrcPresent from './release/release-primary-isrc-present/index.js';
import releasePrimaryResourcePresent from './release/release-primary-resource-present/index.js';
import releaseReferenceResolves from './release/release-reference-resolves/index.js';
import releaseResourceReferenced from './release/release-resource-referenced/index.js';
import releaseTitlePresent from './release/release-title-present/index.js';
import releaseTrackNumbering from './release/release-track-numbering/index.js';
import releaseTrackSequence from './release/release-track-sequence/index.js';
import releaseTypeTrackCount from './release/release-type-track-count/index.js';
import codesCatalogNumberPresent from './codes/codes-catalog-number-present/index.js';
import codesGridValid from './codes/codes-grid-valid/index.js';
import codesIcpnValid from './codes/codes-icpn-valid/index.js';
import codesIsniValid from './codes/codes-isni-valid/index.js';
import codesIsrcReused from './codes/codes-isrc-reused/index.js';
import codesIsrcSyntax from './codes/codes-isrc-syntax/index.js';
import codesIsrcUnique from './codes/codes-isrc-unique/index.js';
import codesIswcValid from './codes/codes-iswc-valid/index.js';
import codesUpcLiveUpdate from './codes/codes-upc-live-update/index.js';
import codesUpcOwner from './codes/codes-upc-owner/index.js';
import codesUpcPresent from './codes/codes-upc-present/index.js';
import genresAccepted from './genres/genres-accepted/index.js';
import genresPresent from './genres/genres-present/index.js';
import territoriesCodeDeprecated from './territories/territories-code-deprecated/index.js';
import territoriesCodeValid from './territories/territories-code-valid/index.js';
import territoriesListConsistent from './territories/territories-list-consistent/index.js';
import territoriesSoldSomewhere from './territories/territories-sold-somewhere/index.js';
import dealsOverlap from './deals/deals-overlap/index.js';
import dealsPresent from './deals/deals-present/index.js';
import dealsReleaseCovered from './deals/deals-release-covered/index.js';
import dealsTakedown from './deals/deals-takedown/index.js';
import dealsTermsComplete from './deals/deals-terms-complete/index.js';
import dealsTermsValid from './deals/deals-terms-valid/index.js';
import dealsTrackReleaseCovered from './deals/deals-track-release-covered/index.js';
import dealsUseTypeCombination from './deals/deals-use-type-combination/index.js';
import dealsValidityPeriod from './deals/deals-validity-period/index.js';
import audioDetailsMatch from './audio/audio-details-match/index.js';
import audioFileDecodable from './audio/audio-file-decodable/index.js';
import audioFormatAccepted from './audio/audio-format-accepted/index.js';
import artworkDetailsMatch from './artwork/artwork-details-match/index.js';
import artworkFileDecodable from './artwork/artwork-file-decodable/index.js';
import artworkFormatAccepted from './artwork/artwork-format-accepted/index.js';
import artworkSizeMinimum from './artwork/artwork-size-minimum/index.js';
import artworkSizeRecommended from './artwork/artwork-size-recommended/index.js';
import videoDetailsMatch from './video/video-details-match/index.js';
import videoFileDecodable from './video/video-file-decodable/index.js';
import videoFormatAccepted from './video/video-format-accepted/index.js';
/** Every rule, in stage order. */
export const RULES = [
    packageBatchReadable,
    packageFileHash,
    packageFilePresent,
    packageFileSize,
    packageFileUnreferenced,
    xmlSchemaValid,
    xmlVersionDeclared,
    xmlVersionLegacy,
    xmlVersionSupported,
    xmlWellFormed,
    releaseClinePresent,
    releaseCoverArtPresent,
    releaseDateOrder,
    releaseDatePresent,
    releaseDateValid,
    releaseDisplayArtistPresent,
    releaseDurationPlausible,
    releaseDurationValid,
    releaseLabelPresent,
    releaseLanguageValid,
    releaseMainFlagged,
    releaseMainIdPresent,
    releaseMainPresent,
    releaseParentalWarningValid,
    releasePclineYear,
    releasePlinePresent,
    releasePresent,
    releasePrimaryIsrcPresent,
    releasePrimaryResourcePresent,
    releaseReferenceResolves,
    releaseResourceReferenced,
    releaseTitlePresent,
    releaseTrackNumbering,
    releaseTrackSequence,
    releaseTypeTrackCount,
    codesCatalogNumberPresent,
    codesGridValid,
    codesIcpnValid,
    codesIsniValid,
    codesIsrcReused,
    codesIsrcSyntax,
    codesIsrcUnique,
    codesIswcValid,
    codesUpcLiveUpdate,
    codesUpcOwner,
    codesUpcPresent,
    genresAccepted,
    genresPresent,
    territoriesCodeDeprecated,
    territoriesCodeValid,
    territoriesListConsistent,
    territoriesSoldSomewhere,
    dealsOverlap,
    dealsPresent,
    dealsReleaseCovered,
    dealsTakedown,
    dealsTermsComplete,
    dealsTermsValid,
    dealsTrackReleaseCovered,
    dealsUseTypeCombination,
    dealsValidityPeriod,
    audioDetailsMatch,
    audioFileDecodable,
    audioFormatAccepted,
    artworkDetailsMatch,
    artworkFileDecodable,
    artworkFormatAccepted,
    artworkSizeMinimum,
    artworkSizeRecommended,
    videoDetailsMatch,
    videoFileDecodable,
    videoFormatAccepted,
];
//# sourceMappingURL=index.generated.js.map