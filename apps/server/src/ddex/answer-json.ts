/**
 * The JSON of POST /ddex/validate's 200 answer, written on the engine thread that ran the dry run:
 * the HTTP thread then sends these bytes as they are and stores the report part as the test
 * report, instead of receiving the report as a cloned object and serializing it again (twice: the
 * answer and the stored copy). The serializer is the one Fastify builds for the route's answer
 * schema (fast-json-stringify over the same schema files, as @fastify/fast-json-stringify-compiler
 * calls it), so the bytes are those Fastify would send (tested against Fastify in validate-answer.test.ts).
 */
import fastJson from 'fast-json-stringify';
import { loadApiSchemas } from '../api-schemas.js';
import type { Report } from '@ddex-check/engine';

let serialize: ((report: Report) => string) | null = null;

/** `report` (already a partner report: partner-report.ts) as the `data` of the answer, in JSON. */
export function validationReportJson(report: Report): string {
  if (!serialize) {
    const schemas = Object.fromEntries(loadApiSchemas().map((s) => [s.$id, s])) as unknown as Record<string, fastJson.Schema>;
    // The answer is `{"data": <validation report>}` (validate-response.schema.json): serializing the
    // report with its own schema gives the inner part, kept alone as the test report.
    serialize = fastJson({ $ref: 'validation-report.schema.json#' }, { schema: schemas }) as (report: Report) => string;
  }
  return serialize(report);
}

/** The whole 200 answer around a report's JSON, as the answer schema writes it (one property, no spaces). */
export const validateAnswerJson = (reportJson: string): string => `{"data":${reportJson}}`;
