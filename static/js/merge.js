// Three-way merge of two edits of one deck (the editor's working copy against a change saved from another tab).
// Counts per (zone, card): each side's change against the common base is kept; a key both sides changed to
// different counts is a conflict, for the player to decide. Pure functions, no DOM.
// The deck's zones: its game's (the editor sets them from the server's working copy before anything is merged).
export const ZONES = ["main"];

export function setZones(codes) {
  ZONES.splice(0, ZONES.length, ...codes);
}
export const FIELDS = ["name", "description", "format", "visibility"];

export function countsOf(deck) {
  const counts = new Map();
  for (const zone of ZONES) for (const entry of deck[zone] || []) counts.set(`${zone}:${entry.card}`, entry.count);
  return counts;
}

export function deckOf(counts) {
  const deck = Object.fromEntries(ZONES.map((zone) => [zone, []]));
  for (const [key, count] of counts) {
    const [zone, card] = key.split(":");
    if (count > 0) deck[zone].push({ card: Number(card), count });
  }
  return deck;
}

export function mergeDecks(base, mine, theirs) {
  const b = countsOf(base.deck), m = countsOf(mine.deck), t = countsOf(theirs.deck);
  const merged = new Map(t);
  const conflicts = [];
  for (const key of new Set([...b.keys(), ...m.keys(), ...t.keys()])) {
    const before = b.get(key) || 0, ours = m.get(key) || 0, other = t.get(key) || 0;
    if (ours === before) continue; // only they changed it (or nobody): theirs stands
    if (other === before || other === ours) merged.set(key, ours);
    else conflicts.push({ key, base: before, mine: ours, theirs: other });
  }
  const fields = { ...theirs.fields };
  for (const field of FIELDS) {
    if (mine.fields[field] === base.fields[field]) continue;
    if (theirs.fields[field] === base.fields[field] || theirs.fields[field] === mine.fields[field]) fields[field] = mine.fields[field];
    else conflicts.push({ key: `field:${field}`, base: base.fields[field], mine: mine.fields[field], theirs: theirs.fields[field] });
  }
  return { deck: deckOf(merged), fields, conflicts };
}

export function sameDeck(a, b) {
  const x = countsOf(a), y = countsOf(b);
  if (x.size !== y.size) return false;
  for (const [key, count] of x) if (y.get(key) !== count) return false;
  return true;
}

// The merge with every conflict settled for one side ("mine" or "theirs"); the other changes of both are kept.
export function settle(merged, side) {
  const counts = countsOf(merged.deck);
  const fields = { ...merged.fields };
  for (const conflict of merged.conflicts) {
    if (conflict.key.startsWith("field:")) fields[conflict.key.slice(6)] = conflict[side];
    else counts.set(conflict.key, conflict[side]);
  }
  return { deck: deckOf(counts), fields };
}
