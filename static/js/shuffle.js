// A seeded shuffle, so that a seed deals the same hand again (the solo boards: board.js and a game's own).

// mulberry32: a small seeded generator.
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// The solo boards' seed buttons (#solo-new: a new random seed, #solo-deal: the seed in #solo-seed dealt again).
export function seedButtons(deal) {
  const seed = document.getElementById("solo-seed");
  document.getElementById("solo-new").addEventListener("click", () => {
    seed.value = Math.floor(Math.random() * 1_000_000);
    deal(Number(seed.value));
  });
  document.getElementById("solo-deal").addEventListener("click", () => deal(Number(seed.value) || 0));
}

export function shuffled(cards, rand) {
  const out = [...cards];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
