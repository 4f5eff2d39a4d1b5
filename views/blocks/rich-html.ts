import * as z from 'zod';
import { sanitizeRichText } from '../../shared/rich-text/sanitize';

/** Staff-written HTML inside a block: sanitised with the one allow-list (on save and on render). */
export const richHtml = (max = 50_000) => z.string().max(max).transform(sanitizeRichText);
