"""The goldfish game loop: plain Python that numba compiles unchanged (`engine.py`).

Kept free of numba so that the very same functions run as the plain-Python reference (and so that a test can
check that the compiled and the interpreted loop give identical games). Arrays are numpy int64; every value
stays below 2**63 so the arithmetic is identical in both.

Rules: setup 103.3, untap 501, draw 502 (first player skips turn 1, 500.6), charge 503 (multicoloured cards
enter tapped, 405.1), payment 112.2 (civilization matching, civs beat reductions, no over-tapping), summoning
sickness 301.5 (Speed Attacker 101.2, evolution 801.3), attacks and breakers 509 (the direct attack on 0 shields
wins, 104.2a), deck-out 104.2b (the draw that empties the deck loses).
"""

import numpy as np

KIND_CREATURE = 0
KIND_EVOLUTION = 1  # needs a creature to evolve onto (801); never sick (801.3)
KIND_NEO = 2  # evolves when that helps, else is summoned as a plain creature (802)
KIND_SPELL = 3  # spells and every other non-creature card: pays its cost, effect not modeled
ALL_SHIELDS = 99  # World / Infinity breakers (JP 509.4)
MASK32 = 0xFFFFFFFF
NEVER = 0  # first-cast column for "never cast" (turns are numbered from 1)
# Trace columns (one row per own turn, row 0 = after setup) of the traced game
T_LIBRARY, T_HAND_AFTER_DRAW, T_MANA, T_UNTAPPED_MAIN, T_CREATURES, T_HAND_END, T_ATTACKS, T_SHIELDS = range(8)
TRACE_COLUMNS = 8


def popcount(mask):
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


def mix32(x):
    x = ((x >> 16) ^ x) & MASK32
    x = (x * 0x45D9F3B) & MASK32
    x = ((x >> 16) ^ x) & MASK32
    x = (x * 0x45D9F3B) & MASK32
    return ((x >> 16) ^ x) & MASK32


def rng_seed_game(base, game, state):
    """Each game's generator depends only on (run seed, game number): chunking never changes a game."""
    g = game & MASK32
    h = (game >> 32) & MASK32
    for i in range(4):
        state[i] = mix32(base[i] ^ mix32((g + i * 0x9E3779B9 + h * 0x85EBCA6B) & MASK32))
    if state[0] == 0 and state[1] == 0 and state[2] == 0 and state[3] == 0:
        state[3] = 1
    for _ in range(4):
        rng_next(state)


def rng_next(state):
    """Marsaglia's xorshift128 on 32-bit words."""
    x = state[0]
    t = (x ^ ((x << 11) & MASK32)) & MASK32
    state[0] = state[1]
    state[1] = state[2]
    state[2] = state[3]
    w = state[3]
    w = ((w ^ (w >> 19)) ^ (t ^ (t >> 8))) & MASK32
    state[3] = w
    return w


def draw_position(lib, pos, size, state):
    """Lazy Fisher-Yates: fix the card at `pos` only when it is needed (same law as a full shuffle)."""
    j = pos + ((rng_next(state) * (size - pos)) >> 32)
    card = lib[j]
    lib[j] = lib[pos]
    lib[pos] = card
    return card


def civs_coverable(civ, mana_mask, mana_tapped, mana_count):
    """112.2a: an injective civ -> untapped card mapping exists (Hall: every subset T has >= |T| suppliers)."""
    sub = civ
    while sub > 0:
        need = popcount(sub)
        have = 0
        for j in range(mana_count):
            if mana_tapped[j] == 0 and (mana_mask[j] & sub) != 0:
                have += 1
                if have >= need:
                    break
        if have < need:
            return False
        sub = (sub - 1) & civ
    return True


def pay(cost, civ, mana_mask, mana_num, mana_tapped, mana_count, order, in_s, civ_bits, choice, supply):
    """Tap a payment S for (cost, civ) (112.2): matching first, then filler, no over-tapping (112.2c)."""
    # untapped cards, monocoloured (and colourless) first: they are the first choice for a civilization
    u = 0
    for j in range(mana_count):
        if mana_tapped[j] == 0:
            k = u
            while k > 0 and popcount(mana_mask[order[k - 1]]) > popcount(mana_mask[j]):
                order[k] = order[k - 1]
                k -= 1
            order[k] = j
            u += 1
    for b in range(5):
        supply[b] = 0
    for q in range(u):
        m = mana_mask[order[q]]
        for b in range(5):
            if (m >> b) & 1:
                supply[b] += 1
    # civilizations of the card, scarcest first
    nc = 0
    for b in range(5):
        if (civ >> b) & 1:
            k = nc
            while k > 0 and supply[civ_bits[k - 1]] > supply[b]:
                civ_bits[k] = civ_bits[k - 1]
                k -= 1
            civ_bits[k] = b
            nc += 1
    # 112.2a: depth-first search for the matching (it exists: the caller checked Hall's condition)
    p = 0
    if nc > 0:
        choice[0] = -1
    while 0 <= p < nc:
        if choice[p] >= 0:
            in_s[order[choice[p]]] = 0
        q = choice[p] + 1
        while q < u and (in_s[order[q]] == 1 or ((mana_mask[order[q]] >> civ_bits[p]) & 1) == 0):
            q += 1
        if q < u:
            choice[p] = q
            in_s[order[q]] = 1
            p += 1
            if p < nc:
                choice[p] = -1
        else:
            choice[p] = -1
            p -= 1
    amount = 0
    for q in range(u):
        if in_s[order[q]] == 1:
            amount += mana_num[order[q]]
            for b in range(5):
                if (mana_mask[order[q]] >> b) & 1:
                    supply[b] -= 1
    # 112.2b/c: fill up to the cost with the cards whose civilizations are most plentiful
    while amount < cost:
        best = -1
        best_score = -1
        for q in range(u):
            j = order[q]
            if in_s[j] == 1 or mana_num[j] <= 0:
                continue
            m = mana_mask[j]
            score = 1000
            for b in range(5):
                if (m >> b) & 1 and supply[b] < score:
                    score = supply[b]
            score = score * 8 - popcount(m)
            if score > best_score:
                best_score = score
                best = j
        if best < 0:
            break
        in_s[best] = 1
        amount += mana_num[best]
        for b in range(5):
            if (mana_mask[best] >> b) & 1:
                supply[b] -= 1
    # 112.2c: drop filler that is not needed (only possible with mana numbers other than 1)
    for q in range(u):
        j = order[q]
        if in_s[j] == 1 and mana_num[j] > 0 and amount - mana_num[j] >= cost:
            matched = False
            for r in range(nc):
                if order[choice[r]] == j:
                    matched = True
            if not matched:
                in_s[j] = 0
                amount -= mana_num[j]
    tapped = 0
    for q in range(u):
        j = order[q]
        if in_s[j] == 1:
            mana_tapped[j] = 1
            in_s[j] = 0
            tapped += 1
    return tapped


def best_spend(hand, hand_count, skip, cap, h_valid, h_cost, h_kind, bz_count):
    """The most mana the hand's creatures can use with `cap` untapped mana, one half per card, `skip` left out (a
    knapsack over costs; civilizations are checked when a card is actually paid)."""
    if cap > 62:
        cap = 62
    if cap < 0:
        return -1
    full = (1 << (cap + 1)) - 1
    reach = 1
    for i in range(hand_count):
        if i == skip:
            continue
        c = hand[i]
        grown = reach
        for h in range(2):
            if h_valid[c, h] == 1 and h_cost[c, h] <= cap:
                if h_kind[c, h] == KIND_SPELL or (h_kind[c, h] == KIND_EVOLUTION and bz_count == 0):
                    continue
                grown |= (reach << h_cost[c, h]) & full
        reach = grown
    best = cap
    while best > 0 and ((reach >> best) & 1) == 0:
        best -= 1
    return best


def resolve_attacks(attackers, n_att, shields):
    """Attacks in order against the goldfish; returns the shields left, or -1 when a direct attack won."""
    for a in range(n_att):
        if shields == 0:
            return -1  # 104.2a, 509.1: a direct attack with no shields left wins
        broken = attackers[a]
        if broken > shields:
            broken = shields
        shields -= broken  # 509.2: the attack that breaks the last shield does not win
    return shields


def choose_charge(
    hand,
    hand_count,
    c_key,
    c_mana_mask,
    c_mana_num,
    c_tapped_in,
    c_min_cost,
    need_mask,
    mana_mask,
    mana_num,
    mana_count,
    h_valid,
    h_cost,
    h_kind,
    bz_count,
):
    """503: charge the card that adds a needed civilization, gives mana now, and is furthest from castable; never
    a named key card, and never a charge that lets this turn's creatures use less mana than not charging."""
    have = 0
    available = 0
    for j in range(mana_count):
        have |= mana_mask[j]
        available += mana_num[j]  # everything was untapped at the start of the turn (501)
    missing = need_mask & ~have
    without = best_spend(hand, hand_count, -1, available, h_valid, h_cost, h_kind, bz_count)
    best = -1
    best_score = -(10**9)
    for i in range(hand_count):
        c = hand[i]
        if c_key[c] == 1:
            continue
        score = 1000 * popcount(c_mana_mask[c] & missing)
        if c_tapped_in[c] == 0:
            score += 100
        distance = c_min_cost[c] - (mana_count + 1)
        if distance < -10:
            distance = -10
        if distance > 30:
            distance = 30
        score += 3 * distance
        copies = 0
        for k in range(hand_count):
            if hand[k] == c:
                copies += 1
        score += 5 * (copies - 1)
        if score <= best_score:
            continue
        gain = c_mana_num[c] if c_tapped_in[c] == 0 else 0
        if best_spend(hand, hand_count, i, available + gain, h_valid, h_cost, h_kind, bz_count) < without:
            continue  # keep a castable card rather than lose this turn's play
        best_score = score
        best = i
    return best


def play_games(
    first_game,
    n_games,
    base_seed,
    going_first,
    lib0,
    seals,
    max_turn,
    c_mana_mask,
    c_mana_num,
    c_tapped_in,
    c_key,
    c_track,
    c_min_cost,
    need_mask,
    h_valid,
    h_cost,
    h_civ,
    h_kind,
    h_power,
    h_breaks,
    h_ready,
    h_attacks,
    n_track,
    kills,
    deckouts,
    first_cast,
    trace_game,
    trace,
):
    """Play games first_game .. first_game + n_games - 1; add their outcomes to kills / deckouts / first_cast.

    Game number `trace_game` (or none: -1) also writes one row per own turn into `trace` (TRACE_COLUMNS)."""
    size = lib0.shape[0]
    lib = np.empty(size, dtype=np.int64)
    state = np.zeros(4, dtype=np.int64)
    hand = np.empty(size + 8, dtype=np.int64)
    mana_mask = np.empty(size + 8, dtype=np.int64)
    mana_num = np.empty(size + 8, dtype=np.int64)
    mana_tapped = np.empty(size + 8, dtype=np.int64)
    bz_breaks = np.empty(size + 8, dtype=np.int64)
    bz_turn = np.empty(size + 8, dtype=np.int64)
    bz_ready = np.empty(size + 8, dtype=np.int64)
    bz_attacks = np.empty(size + 8, dtype=np.int64)
    attackers = np.empty(size + 8, dtype=np.int64)
    order = np.empty(size + 8, dtype=np.int64)
    in_s = np.zeros(size + 8, dtype=np.int64)
    civ_bits = np.empty(5, dtype=np.int64)
    choice = np.empty(5, dtype=np.int64)
    supply = np.empty(5, dtype=np.int64)
    cast_turn = np.zeros(max(n_track, 1), dtype=np.int64)
    for game in range(first_game, first_game + n_games):
        rng_seed_game(base_seed, game, state)
        for i in range(size):
            lib[i] = lib0[i]
        # 103.3 / 116.1a: seals, then 5 shields from the top, then a 5-card hand
        pos = 0
        for _ in range(seals + 5):
            draw_position(lib, pos, size, state)
            pos += 1
        hand_count = 0
        for _ in range(5):
            hand[hand_count] = draw_position(lib, pos, size, state)
            pos += 1
            hand_count += 1
        mana_count = 0
        bz_count = 0
        shields = 5
        for k in range(n_track):
            cast_turn[k] = 0
        outcome = 0  # >0 kill turn, <0 deck-out turn
        tracing = game == trace_game
        if tracing:
            trace[0, T_LIBRARY] = size - pos
            trace[0, T_HAND_AFTER_DRAW] = hand_count
            trace[0, T_MANA] = 0
            trace[0, T_UNTAPPED_MAIN] = 0
            trace[0, T_CREATURES] = 0
            trace[0, T_HAND_END] = hand_count
            trace[0, T_ATTACKS] = 0
            trace[0, T_SHIELDS] = shields
        for turn in range(1, max_turn + 1):
            # 501: untap everything
            for j in range(mana_count):
                mana_tapped[j] = 0
            # 502, 500.6: draw, except the first player's first turn; 104.2b: the draw that empties the deck loses
            if not (going_first == 1 and turn == 1):
                hand[hand_count] = draw_position(lib, pos, size, state)
                pos += 1
                hand_count += 1
                if tracing:
                    trace[turn, T_LIBRARY] = size - pos
                    trace[turn, T_HAND_AFTER_DRAW] = hand_count
                if pos >= size:
                    outcome = -turn
                    break
            elif tracing:
                trace[turn, T_LIBRARY] = size - pos
                trace[turn, T_HAND_AFTER_DRAW] = hand_count
            # 503: charge one card; 405.1: a multicoloured card enters tapped
            if hand_count > 0:
                i = choose_charge(
                    hand,
                    hand_count,
                    c_key,
                    c_mana_mask,
                    c_mana_num,
                    c_tapped_in,
                    c_min_cost,
                    need_mask,
                    mana_mask,
                    mana_num,
                    mana_count,
                    h_valid,
                    h_cost,
                    h_kind,
                    bz_count,
                )
                if i >= 0:
                    c = hand[i]
                    hand_count -= 1
                    hand[i] = hand[hand_count]
                    mana_mask[mana_count] = c_mana_mask[c]
                    mana_num[mana_count] = c_mana_num[c]
                    mana_tapped[mana_count] = c_tapped_in[c]
                    mana_count += 1
            if tracing:
                trace[turn, T_MANA] = mana_count
                untapped = 0
                for j in range(mana_count):
                    if mana_tapped[j] == 0:
                        untapped += mana_num[j]
                trace[turn, T_UNTAPPED_MAIN] = untapped
            # 504: play the payable card that is a creature, costs the most, has the most power; repeat
            while hand_count > 0:
                amount = 0
                for j in range(mana_count):
                    if mana_tapped[j] == 0:
                        amount += mana_num[j]
                # creatures that use the most mana this turn (a knapsack over the hand), then by cost and power;
                # spells (effects not modeled) only with mana no creature can use
                target = best_spend(hand, hand_count, -1, amount, h_valid, h_cost, h_kind, bz_count)
                best_i = -1
                best_h = -1
                best_rank = -1
                for i in range(hand_count):
                    c = hand[i]
                    for h in range(2):
                        if h_valid[c, h] == 0 or h_cost[c, h] > amount:
                            continue
                        kind = h_kind[c, h]
                        if kind == KIND_EVOLUTION and bz_count == 0:
                            continue
                        cost = h_cost[c, h]
                        rank = (0 if kind == KIND_SPELL else 1) * 10**12 + cost * 10**7 + h_power[c, h]
                        if kind != KIND_SPELL:  # a spell never outranks a creature
                            if rank + 10**15 <= best_rank:
                                continue  # cannot win even if it is part of an optimal set: skip the knapsack
                            if cost == target:
                                rank += 10**15  # alone it uses the most mana
                            else:
                                rest = best_spend(hand, hand_count, i, amount - cost, h_valid, h_cost, h_kind, bz_count)
                                if cost + rest >= target:
                                    rank += 10**15
                        if rank <= best_rank:
                            continue
                        if civs_coverable(h_civ[c, h], mana_mask, mana_tapped, mana_count):
                            best_rank = rank
                            best_i = i
                            best_h = h
                if best_i < 0:
                    break
                c = hand[best_i]
                h = best_h
                pay(
                    h_cost[c, h],
                    h_civ[c, h],
                    mana_mask,
                    mana_num,
                    mana_tapped,
                    mana_count,
                    order,
                    in_s,
                    civ_bits,
                    choice,
                    supply,
                )
                hand_count -= 1
                hand[best_i] = hand[hand_count]
                kind = h_kind[c, h]
                if kind != KIND_SPELL:
                    # evolution source: one that could not attack this turn anyway, else the weakest
                    source = -1
                    if kind == KIND_EVOLUTION or kind == KIND_NEO:
                        best_pref = 10**9
                        for j in range(bz_count):
                            if bz_attacks[j] == 0:
                                pref = 0
                            elif bz_turn[j] == turn and bz_ready[j] == 0:
                                pref = 1
                            else:
                                pref = 2 + bz_breaks[j]
                            if kind == KIND_NEO and pref > 1:
                                continue  # a NEO creature evolves only when that gains an attacker
                            if pref < best_pref:
                                best_pref = pref
                                source = j
                    slot = source
                    if slot < 0:
                        slot = bz_count
                        bz_count += 1
                    bz_breaks[slot] = h_breaks[c, h]
                    bz_turn[slot] = turn
                    bz_ready[slot] = 1 if (h_ready[c, h] == 1 or source >= 0) else 0
                    bz_attacks[slot] = h_attacks[c, h]
                tr = c_track[c]
                if tr >= 0 and cast_turn[tr] == 0:
                    cast_turn[tr] = turn
            # 505-509: attack with everything that may (301.5), the biggest breakers first
            n_att = 0
            for j in range(bz_count):
                if bz_attacks[j] == 1 and (bz_turn[j] < turn or bz_ready[j] == 1):
                    k = n_att
                    while k > 0 and attackers[k - 1] < bz_breaks[j]:
                        attackers[k] = attackers[k - 1]
                        k -= 1
                    attackers[k] = bz_breaks[j]
                    n_att += 1
            shields = resolve_attacks(attackers, n_att, shields)
            if tracing:
                trace[turn, T_CREATURES] = bz_count
                trace[turn, T_HAND_END] = hand_count
                trace[turn, T_ATTACKS] = n_att
                trace[turn, T_SHIELDS] = shields
            if shields < 0:
                outcome = turn
                break
        if outcome > 0:
            kills[outcome] += 1
        elif outcome < 0:
            deckouts[-outcome] += 1
        else:
            kills[0] += 1  # neither within max_turn (cannot happen with a draw every turn)
        for k in range(n_track):
            first_cast[k, cast_turn[k]] += 1
