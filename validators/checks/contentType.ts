// The response media type per binding (spec §4.1): the type compared exactly, the charset
// parameter's value case-insensitively (RFC 9110: `UTF-8` and `utf-8` are the same charset).
import { BINDINGS } from '../../contracts/bindings.ts';
import { fail, notApplicable, pass, perBinding, type ExchangeCheck } from '../check.ts';

export const checkResponseContentTypeMatchesBinding: ExchangeCheck = {
  scope: 'exchange',
  id: 'checkResponseContentTypeMatchesBinding',
  title: "The response Content-Type is the binding's media type with charset=utf-8",
  level: 'MUST',
  requirements: perBinding('CONTENT-TYPE'),
  appliesTo: () => true,
  run({ view, binding, exchange }) {
    if (!exchange.response) return notApplicable('no response');
    const expected = `${BINDINGS[binding].responseMediaType}; charset=utf-8`;
    const mt = view.mediaType;
    if (!mt) return notApplicable('no response');
    if ('error' in mt) return fail(expected, mt.error);
    const header = exchange.response.headers['content-type'];
    if (mt.type !== BINDINGS[binding].responseMediaType) return fail(expected, header);
    const charset = mt.parameters.charset;
    if (charset === undefined) return fail(expected, `${header} (no charset)`);
    if (charset.toLowerCase() !== 'utf-8') return fail(expected, header);
    return pass;
  },
};
