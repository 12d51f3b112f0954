// Signs a request per its recipe: the spec's for SendIntranetMail (§5.2), the profile's otherwise (§5.6).
import { createHash } from 'node:crypto';
import type { SignatureRecipe } from '../config/profile.ts';

/** hash(value of each recipe parameter, in order, + key), hex in the recipe's case. */
export function sign(recipe: Pick<SignatureRecipe, 'params' | 'hash' | 'hexCase'>, values: ReadonlyMap<string, string>, key: string): string {
  const material = recipe.params.map((name) => values.get(name) ?? '').join('') + key;
  const hex = createHash(recipe.hash).update(material, 'utf8').digest('hex');
  return recipe.hexCase === 'upper' ? hex.toUpperCase() : hex;
}
