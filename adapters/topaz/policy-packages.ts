/**
 * Package paths as Topaz's `ListPolicies` reports them — OPA's text of the package reference,
 * `data.webapp.GET.api.documents`, with segments that are not identifiers in brackets
 * (`data.webapp.POST.api.hooks["in"]`) — turned into the dotted paths core's policy validation
 * compares (`webapp.GET.api.documents`, `webapp.POST.api.hooks.in`).
 */
import { DecisionServiceError } from '@gatehousejs/core';

/** One segment: `.name` or `["json string"]`. */
const SEGMENT = /\.([A-Za-z_][A-Za-z0-9_]*)|\[("(?:[^"\\]|\\.)*")\]/y;

/**
 * The dotted package path of an OPA package reference (`data.` prefix optional).
 *
 * @throws {DecisionServiceError} `invalid_request` when the text is not a package reference
 * @example
 * dottedPackagePath('data.webapp.POST.api.hooks["in"]'); // 'webapp.POST.api.hooks.in'
 */
export function dottedPackagePath(reference: string): string {
  const text = /^data(?=$|[.[])/.test(reference) ? reference.slice('data'.length) : `.${reference}`;
  const segments: string[] = [];
  SEGMENT.lastIndex = 0;
  while (SEGMENT.lastIndex < text.length) {
    const at = SEGMENT.lastIndex;
    const match = SEGMENT.exec(text);
    if (!match) {
      throw new DecisionServiceError(
        'invalid_request',
        `Topaz listed a policy whose package path cannot be read: ${JSON.stringify(reference)} (at ${at})`,
      );
    }
    segments.push(match[1] ?? (JSON.parse(match[2] ?? '""') as string));
  }
  if (segments.length === 0) {
    throw new DecisionServiceError('invalid_request', 'Topaz listed a policy without a package path');
  }
  return segments.join('.');
}
