import { DEFECTS } from './defects/catalog.ts';
import { prove } from './defects/prove.ts';
for (const d of DEFECTS.slice(33)) { const p = await prove(d); console.log(d.id, p.verdict, 'missed:', p.missed.join(','), Math.round(p.ms), 'ms'); }
