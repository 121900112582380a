"""The goldfish game loop: plain Python that numba compiles unchanged (`engine.py`).

Kept free of numba so that the very same functions run as the plain-Python reference (and so that a test can
check that the compiled and the interpreted loop give identical games). Arrays are numpy int64; every value
stays below 2**63 so the arithmetic is identical in both.

Rules: setup 103.3, untap 501, draw 502 (first player skips turn 1, 500.6), charge 503 (multicoloured cards
enter tapped, 405.1), payment 112.2 (civilization matching, civs beat reductions, no over-tapping), summoning
sickness 301.5 (Speed Attacker 101.2, evolution 801.3), attacks and breakers 509 (the direct attack on 0 shields
wins, 104.2a), deck-out 104.2b (the draw that empties the deck loses).
"""

from collections import namedtuple

import numpy as np

KIND_CREATURE = 0
KIND_EVOLUTION = 1  # needs a creature to evolve onto (801); never sick (801.3)
KIND_NEO = 2  # evolves when that helps, else is summoned as a plain creature (802)
KIND_SPELL = 3  # spells and every other non-creature card: pays its cost; its modeled effects resolve
# Effect columns of `fx[card, half, column]` (0 = none), filled by deck.compile_deck from the card effects
(FX_ANY, FX_DRAW, FX_RAMP, FX_RAMP_TAPPED, FX_CHARGER, FX_REDUCE, FX_REDUCE_LIMIT, FX_REDUCE_FLOOR) = range(8)
(FX_REDUCE_TYPE, FX_GR, FX_HYPER, FX_SEARCH, FX_EXTRA_TURN, FX_INVADE, FX_PUT, FX_LOOK) = range(8, 16)
# This card's own reduction (シンパシー and kin): amount, mode (SELF_*), the condition's minimum, floor
FX_SELF_REDUCE, FX_SELF_MODE, FX_SELF_MIN, FX_SELF_FLOOR = range(16, 20)
FX_GRANT = 20  # while in the battle zone, your matching creatures have Speed Attacker (101.2)
# Another way to pay (G・ゼロ, B・A・D, alternative payments): mode (ALT_*), the fixed cost or the reduction, the
# civilizations it is paid with, destroyed at the end of the turn, its condition (COND_*) and the condition's number
FX_ALT_MODE, FX_ALT_COST, FX_ALT_CIV, FX_ALT_DIES, FX_ALT_COND, FX_ALT_N = range(21, 27)
FX_DASH, FX_DASH_CIV = (27, 28)  # キリフダッシュ: cost + 1 (0 = none) and its civilizations
FX_WIN_WHEN, FX_WIN_COND, FX_WIN_N = (29, 30, 31)  # you win the game: when (WIN_*), condition, its number
FX_CHANCE, FX_CHANCE_CIV = (32, 33)  # アタック・チャンス / D・D・D: cost + 1 (0 = none) and its civilizations
FX_HYPER_MANA = 34  # FX_HYPER takes only a card sharing a civilization with a card in your mana zone
FX_SELF_COND = 35  # SELF_CONDITION: the condition (COND_*) of this card's own reduction; its number in FX_SELF_MIN
# マスターJトルネード: the total cost of your matching creatures (target row M_ALT) returned to the hand at the end
# of the opponent's turn to put this creature into the battle zone (0 = none)
FX_TORNADO = 36
N_FX = 37
# This card's own reduction: flat, while you control FX_SELF_MIN matching creatures, per matching creature in your
# battle zone, while a condition holds (FX_SELF_COND)
SELF_FLAT, SELF_CONTROL, SELF_PER_CREATURE, SELF_CONDITION = 1, 2, 3, 4
ALT_FIXED, ALT_REDUCE = 1, 2
WIN_RESOLVE, WIN_TURN_START, WIN_ATTACK, WIN_TURN_END = 1, 2, 3, 4
(COND_ALWAYS, COND_CONTROL, COND_MANA, COND_BZ_AND_MANA, COND_HAND_AT_MOST, COND_HAND_AT_LEAST) = 1, 2, 3, 4, 5, 6
COND_SPELLS, COND_SHIELDS_AT_MOST, COND_NO_SHIELDS = 7, 8, 9
OWN_SHIELDS = 5  # the goldfish never attacks: your shields stay 5 (鬼タイム counts both players')
ALL_MATCHING = 99  # FX_SEARCH: every matching card of those looked at
# Target matrices `mt[card, purpose, other card]` = 1 when the other card matches the effect's filter
(M_REDUCE, M_INVADE, M_SEARCH, M_HYPER, M_PUT, M_SELF, M_GRANT, M_ALT, M_WIN, M_CHANCE) = range(10)
N_MATCH = 10
# Game state counters (`st`): hand size, mana cards, battle zone slots, library position, GR position, extra
# turns owed, deck-out flag, effect queue head and tail, bottom cards, reducers in play, spells cast this turn,
# won by an effect, creatures to destroy at the end of the turn
(S_HAND, S_MANA, S_BZ, S_POS, S_GRPOS, S_EXTRA, S_DECKOUT, S_QHEAD, S_QTAIL, S_BOTTOM, S_REDUCERS) = range(11)
S_SPELLS, S_WON, S_DYING = 11, 12, 13
N_STATE = 14
ALL_SHIELDS = 99  # World / Infinity breakers (JP 509.4)
MASK32 = 0xFFFFFFFF
POPCOUNT = np.array([bin(m).count("1") for m in range(32)], dtype=np.int64)
LOWEST_BIT = np.array([(m & -m).bit_length() - 1 for m in range(32)], dtype=np.int64)
NEVER = 0  # first-cast column for "never cast" (turns are numbered from 1)
# Trace columns (one row per own turn, row 0 = after setup) of the traced game
(T_LIBRARY, T_HAND_AFTER_DRAW, T_MANA, T_UNTAPPED_MAIN, T_CREATURES, T_HAND_END, T_ATTACKS, T_SHIELDS) = range(8)
TRACE_COLUMNS = 8


def popcount(mask):
    if mask < 32:
        return POPCOUNT[mask]  # civilization masks: 5 bits
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


def take_top(lib, size, state, st):
    """The top card of the library: a uniform pick among the unrevealed cards (lazy Fisher-Yates), then, once
    they run out, the cards put on the bottom (the region after them), top first."""
    pos = st[S_POS]
    pool = size - st[S_BOTTOM]
    if pos < pool:
        card = draw_position(lib, pos, pool, state)
    else:
        card = lib[pos]
    st[S_POS] = pos + 1
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
        while m > 0:
            supply[LOWEST_BIT[m]] += 1
            m &= m - 1
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
            m = mana_mask[order[q]]
            while m > 0:
                supply[LOWEST_BIT[m]] -= 1
                m &= m - 1
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
            rest = m
            while rest > 0:  # the scarcest of its civilizations (set bits only: most mana is monocoloured)
                b = LOWEST_BIT[rest]
                if supply[b] < score:
                    score = supply[b]
                rest &= rest - 1
            score = score * 8 - popcount(m)
            if score > best_score:
                best_score = score
                best = j
        if best < 0:
            break
        in_s[best] = 1
        amount += mana_num[best]
        m = mana_mask[best]
        while m > 0:
            supply[LOWEST_BIT[m]] -= 1
            m &= m - 1
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


def best_spend(hand_count, skip, cap, ecost, euse):
    """The most mana the hand's useful cards (creatures, spells with a modeled effect) can use with `cap` untapped
    mana, one half per card, hand position `skip` left out (a knapsack over this turn's effective costs;
    civilizations are checked when a card is actually paid)."""
    if cap > 62:
        cap = 62
    if cap < 0:
        return -1
    full = (1 << (cap + 1)) - 1
    reach = 1
    for i in range(hand_count):
        if i == skip:
            continue
        grown = reach
        for h in range(2):
            if euse[i, h] == 1 and ecost[i, h] <= cap:
                grown |= (reach << ecost[i, h]) & full
        reach = grown
    best = cap
    while best > 0 and ((reach >> best) & 1) == 0:
        best -= 1
    return best


def tornado(hand, h_valid, h_cost, fx, mt, bz_card, bz_half, bz_dies, st):
    """マスターJトルネード at the end of the opponent's turn (before your turn): the first card of the hand whose
    matching creatures of yours cost FX_TORNADO or more in total returns the fewest of them (the most expensive
    first) to the hand and leaves the hand itself, when that does not leave fewer creatures to attack this turn (it
    and the GR creatures it summons against those returned); the caller puts it into the battle zone and compacts
    the battle zone (the returned slots are marked 2 in bz_dies). Returns c * 2 + h, or -1."""
    for i in range(st[S_HAND]):
        c = hand[i]
        for h in range(2):
            need = fx[c, h, FX_TORNADO]
            if need == 0 or h_valid[c, h] == 0:
                continue
            total = 0
            for j in range(st[S_BZ]):
                if mt[c, M_ALT, bz_card[j]] == 1:
                    total += h_cost[bz_card[j], bz_half[j]]
            if total < need:
                continue
            taken = 0
            returned = 0
            while taken < need:
                best = -1
                for j in range(st[S_BZ]):
                    if bz_dies[j] == 0 and mt[c, M_ALT, bz_card[j]] == 1:
                        if best < 0 or h_cost[bz_card[j], bz_half[j]] > h_cost[bz_card[best], bz_half[best]]:
                            best = j
                bz_dies[best] = 2
                taken += h_cost[bz_card[best], bz_half[best]]
                returned += 1
            if returned > 1 + fx[c, h, FX_GR]:
                # fewer creatures would attack this turn than before: not used (the goldfish plays for the kill)
                for j in range(st[S_BZ]):
                    if bz_dies[j] == 2:
                        bz_dies[j] = 0
                continue
            st[S_HAND] -= 1
            hand[i] = hand[st[S_HAND]]
            return c * 2 + h
    return -1


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
    ecost,
    euse,
):
    """503: charge the card that adds a needed civilization, gives mana now, and is furthest from castable; never
    a named key card, cards that play from the hand on attack (侵略, 革命チェンジ) last, and never a charge that
    lets this turn's plays use less mana than not charging."""
    have = 0
    available = 0
    for j in range(mana_count):
        have |= mana_mask[j]
        available += mana_num[j]  # everything was untapped at the start of the turn (501)
    missing = need_mask & ~have
    without = best_spend(hand_count, -1, available, ecost, euse)
    best = -1
    best_score = -(10**9)
    for i in range(hand_count):
        c = hand[i]
        if c_key[c] == 1:
            continue
        score = 1000 * popcount(c_mana_mask[c] & missing)
        if c_tapped_in[c] == 0:
            score += 100
        if c_key[c] == 2:
            score -= 5000
        distance = c_min_cost[c] - (mana_count + 1)
        if distance < -10:
            distance = -10
        if distance > 30:
            distance = 30
        score += 3 * distance
        if distance == 1:
            score -= 50  # lookahead: the card that becomes castable next turn is kept
        if c_key[c] == 3:
            score -= 80  # a speed attacker breaks a shield the turn it is played: kept over slower cards
        copies = 0
        for k in range(hand_count):
            if hand[k] == c:
                copies += 1
        score += 5 * (copies - 1)
        if score <= best_score:
            continue
        # a card that is not usable with this turn's mana is in no best set: charging it never loses a play
        usable = (euse[i, 0] == 1 and ecost[i, 0] <= available) or (euse[i, 1] == 1 and ecost[i, 1] <= available)
        gain = c_mana_num[c] if c_tapped_in[c] == 0 else 0
        if usable and best_spend(hand_count, i, available + gain, ecost, euse) < without:
            continue  # keep a castable card rather than lose this turn's play
        best_score = score
        best = i
    return best


def condition_holds(code, n, c, purpose, mt, bz_card, bz_count, mana_card, mana_count, hand_count, spells, shields):
    """Whether an effect's condition (COND_*) holds now; card c's row `purpose` of mt tells which cards count."""
    if code == COND_ALWAYS:
        return True
    if code == COND_HAND_AT_MOST:
        return hand_count <= n
    if code == COND_HAND_AT_LEAST:
        return hand_count >= n
    if code == COND_SPELLS:
        return spells >= n
    if code == COND_SHIELDS_AT_MOST:
        return OWN_SHIELDS + shields <= n
    if code == COND_NO_SHIELDS:
        return shields == 0
    count = 0
    if code == COND_CONTROL or code == COND_BZ_AND_MANA:
        for j in range(bz_count):
            if mt[c, purpose, bz_card[j]] == 1:
                count += 1
    if code == COND_MANA or code == COND_BZ_AND_MANA:
        for j in range(mana_count):
            if mt[c, purpose, mana_card[j]] == 1:
                count += 1
    return count >= n


def holds(code, n, c, purpose, shields, deck, zones):
    """condition_holds in the game's present state (its battle zone, mana zone, hand and this turn's spells)."""
    st = zones.st
    return condition_holds(
        code, n, c, purpose, deck.mt, zones.bz_card, st[S_BZ], zones.mana_card, st[S_MANA], st[S_HAND],
        st[S_SPELLS], shields,
    )  # fmt: skip


def wins(c, h, when, shields, deck, zones):
    """Whether card c's (half h's) effect wins the game at the moment `when` (WIN_*): now, with its condition."""
    fx = deck.fx
    return fx[c, h, FX_WIN_WHEN] == when and holds(
        fx[c, h, FX_WIN_COND], fx[c, h, FX_WIN_N], c, M_WIN, shields, deck, zones
    )


def reduced(cost, amount):
    """A reduction (B・A・D) of an effective cost: never below 1 unless the cost already is."""
    if cost - amount >= 1:
        return cost - amount
    return 1 if cost >= 1 else cost


def effective_cost(c, h, mark, shields, deck, zones):
    """112.2b / 601.1d: the printed cost minus the card's own reduction (a flat one, one while you control enough
    matching creatures or while another condition holds, or one per matching creature) and the static reductions
    of the battle zone (floor: the reduction's, at least 1 unless printed lower). `mark` = 1 spends the
    once-a-turn reductions (the card is being paid). No static reduction in play (S_REDUCERS = 0): the battle
    zone is not scanned for one. The hand's count includes the card being paid."""
    h_cost, h_kind, fx, mt = deck.h_cost, deck.h_kind, deck.fx, deck.mt
    bz_card, bz_half, bz_used, st = zones.bz_card, zones.bz_half, zones.bz_used, zones.st
    bz_count = st[S_BZ]
    cost = h_cost[c, h]
    reduction = 0
    floor = 1
    mode = fx[c, h, FX_SELF_MODE]
    if mode > 0:
        count = 0
        if mode == SELF_CONTROL or mode == SELF_PER_CREATURE:
            for j in range(bz_count):
                if mt[c, M_SELF, bz_card[j]] == 1:
                    count += 1
        if mode == SELF_FLAT or (mode == SELF_CONTROL and count >= fx[c, h, FX_SELF_MIN]):
            reduction += fx[c, h, FX_SELF_REDUCE]
        elif mode == SELF_PER_CREATURE:
            reduction += fx[c, h, FX_SELF_REDUCE] * count
        elif mode == SELF_CONDITION and holds(
            fx[c, h, FX_SELF_COND], fx[c, h, FX_SELF_MIN], c, M_SELF, shields, deck, zones
        ):
            reduction += fx[c, h, FX_SELF_REDUCE]
        if fx[c, h, FX_SELF_FLOOR] > floor:
            floor = fx[c, h, FX_SELF_FLOOR]
    for j in range(bz_count if st[S_REDUCERS] > 0 else 0):
        s = bz_card[j]
        sh = bz_half[j]
        amount = fx[s, sh, FX_REDUCE]
        if amount <= 0 or mt[s, M_REDUCE, c] == 0:
            continue
        target = fx[s, sh, FX_REDUCE_TYPE]
        if target == 1 and h_kind[c, h] == KIND_SPELL:
            continue
        if target == 2 and h_kind[c, h] != KIND_SPELL:
            continue
        if fx[s, sh, FX_REDUCE_LIMIT] == 2 and bz_used[j] == 1:
            continue
        reduction += amount
        if fx[s, sh, FX_REDUCE_FLOOR] > floor:
            floor = fx[s, sh, FX_REDUCE_FLOOR]
        if mark == 1 and fx[s, sh, FX_REDUCE_LIMIT] == 2:
            bz_used[j] = 1
    if reduction == 0:
        return cost
    if cost - reduction >= floor:
        return cost - reduction
    return floor if cost >= floor else cost


def costs_of_hand(amount, shields, alts, deck, zones, scratch):
    """This turn's cost (ecost), payment civilizations (eciv) and usefulness (euse: a creature, an evolution only
    with a creature to evolve onto (801), a non-creature card only with a modeled effect) of every hand card's
    halves; ealt = 1 when the card is paid the other way (`alts` = 0: the deck has no other way to pay). A way to
    pay that destroys the creature at the end of the turn is taken only when the printed way is beyond `amount`
    and the creature gives something now (it attacks this turn by its own Speed Attacker, or something resolves)."""
    h_valid, h_cost, h_civ, h_kind, fx = deck.h_valid, deck.h_cost, deck.h_civ, deck.h_kind, deck.fx
    h_ready, h_attacks, hand, st = deck.h_ready, deck.h_attacks, zones.hand, zones.st
    ecost, euse, eciv, ealt = scratch.ecost, scratch.euse, scratch.eciv, scratch.ealt
    bz_count = st[S_BZ]
    reducers = st[S_REDUCERS]
    for i in range(st[S_HAND]):
        c = hand[i]
        for h in range(2):
            if alts > 0:
                eciv[i, h] = h_civ[c, h]
                ealt[i, h] = 0
            if h_valid[c, h] == 1 and reducers == 0 and fx[c, h, FX_SELF_MODE] == 0:
                ecost[i, h] = h_cost[c, h]
            elif h_valid[c, h] == 1:
                ecost[i, h] = effective_cost(c, h, 0, shields, deck, zones)
            else:
                ecost[i, h] = 999
            kind = h_kind[c, h]
            if h_valid[c, h] == 0 or (kind == KIND_EVOLUTION and bz_count == 0):
                euse[i, h] = 0
            elif kind != KIND_SPELL:
                euse[i, h] = 1
            else:
                euse[i, h] = fx[c, h, FX_ANY]
            mode = fx[c, h, FX_ALT_MODE] if alts > 0 else 0
            if mode == 0 or h_valid[c, h] == 0:
                continue
            if fx[c, h, FX_ALT_DIES] == 1:
                if ecost[i, h] <= amount or kind == KIND_SPELL:
                    continue
                if not ((h_ready[c, h] == 1 and h_attacks[c, h] == 1) or fx[c, h, FX_ANY] == 1):
                    continue
            if mode == ALT_FIXED:
                cost = fx[c, h, FX_ALT_COST]
            else:
                cost = reduced(ecost[i, h], fx[c, h, FX_ALT_COST])
            if cost >= ecost[i, h]:
                continue
            if holds(fx[c, h, FX_ALT_COND], fx[c, h, FX_ALT_N], c, M_ALT, shields, deck, zones):
                ecost[i, h] = cost
                ealt[i, h] = 1
                if mode == ALT_FIXED:
                    eciv[i, h] = fx[c, h, FX_ALT_CIV]


def untapped_mana(zones):
    """The mana the untapped cards of the mana zone give."""
    mana_num, mana_tapped = zones.mana_num, zones.mana_tapped
    amount = 0
    for j in range(zones.st[S_MANA]):
        if mana_tapped[j] == 0:
            amount += mana_num[j]
    return amount


def pay_mana(cost, civ, zones, scratch):
    """Tap the mana zone's cards for (cost, civ): pay (112.2)."""
    return pay(
        cost, civ, zones.mana_mask, zones.mana_num, zones.mana_tapped, zones.st[S_MANA], scratch.order, scratch.in_s,
        scratch.civ_bits, scratch.choice, scratch.supply,
    )  # fmt: skip


def to_mana(c, tapped, deck, zones):
    """Card c goes to the mana zone (tapped when `tapped` = 1)."""
    st = zones.st
    zones.mana_mask[st[S_MANA]] = deck.c_mana_mask[c]
    zones.mana_num[st[S_MANA]] = deck.c_mana_num[c]
    zones.mana_card[st[S_MANA]] = c
    zones.mana_tapped[st[S_MANA]] = tapped
    st[S_MANA] += 1


def bz_enter(c, h, tn, ready, slot, deck, zones):
    """Put card c (half h) into the battle zone on own turn tn: a new slot, or `slot` (an evolution source it goes
    on); `ready` = 1: it may attack at once. Returns its slot."""
    fx, st = deck.fx, zones.st
    if slot < 0:
        slot = st[S_BZ]
        st[S_BZ] += 1
    elif fx[zones.bz_card[slot], zones.bz_half[slot], FX_REDUCE] > 0:
        st[S_REDUCERS] -= 1  # the evolution source's reduction leaves with it
    if fx[c, h, FX_REDUCE] > 0:
        st[S_REDUCERS] += 1
    zones.bz_card[slot] = c
    zones.bz_half[slot] = h
    zones.bz_breaks[slot] = deck.h_breaks[c, h]
    zones.bz_power[slot] = deck.h_power[c, h]
    zones.bz_turn[slot] = tn
    zones.bz_ready[slot] = 1 if (deck.h_ready[c, h] == 1 or ready == 1) else 0
    zones.bz_attacks[slot] = deck.h_attacks[c, h]
    zones.bz_used[slot] = 0
    zones.bz_dies[slot] = 0
    return slot


def bz_leave(mark, to_hand, deck, zones):
    """The creatures marked `mark` in bz_dies leave the battle zone (to the hand when `to_hand` = 1, else they are
    destroyed); the others close up, in order."""
    fx, st, hand = deck.fx, zones.st, zones.hand
    bz_card, bz_half, bz_breaks = zones.bz_card, zones.bz_half, zones.bz_breaks
    bz_power, bz_turn = zones.bz_power, zones.bz_turn
    bz_ready, bz_attacks, bz_used, bz_dies = zones.bz_ready, zones.bz_attacks, zones.bz_used, zones.bz_dies
    w = 0
    for j in range(st[S_BZ]):
        if bz_dies[j] == mark:
            if fx[bz_card[j], bz_half[j], FX_REDUCE] > 0:
                st[S_REDUCERS] -= 1
            if to_hand == 1:
                hand[st[S_HAND]] = bz_card[j]
                st[S_HAND] += 1
            continue
        bz_card[w] = bz_card[j]
        bz_half[w] = bz_half[j]
        bz_breaks[w] = bz_breaks[j]
        bz_power[w] = bz_power[j]
        bz_turn[w] = bz_turn[j]
        bz_ready[w] = bz_ready[j]
        bz_attacks[w] = bz_attacks[j]
        bz_used[w] = bz_used[j]
        bz_dies[w] = 0
        w += 1
    st[S_BZ] = w


def remove_from_library(lib, j, st):
    """Take the card at library index j (>= pos) out: the unrevealed rest stays a uniform shuffle (701.11)."""
    card = lib[j]
    lib[j] = lib[st[S_POS]]
    lib[st[S_POS]] = card
    st[S_POS] += 1
    return card


def queue(c, h, pend_c, pend_h, st):
    if st[S_QTAIL] - st[S_QHEAD] < pend_c.shape[0]:
        q = st[S_QTAIL] % pend_c.shape[0]
        pend_c[q] = c
        pend_h[q] = h
        st[S_QTAIL] += 1


def first_played(c, turn, deck, zones):
    """The turn a tracked card is first played or put out."""
    tr = deck.c_track[c]
    if tr >= 0 and zones.cast_turn[tr] == 0:
        zones.cast_turn[tr] = turn


def played(c, h, tn, turn, shields, deck, zones):
    """Card c (half h) was played or put out: its first-played turn, then its modeled effects resolve (only cards
    with a modeled effect queue anything). The one caller of resolve_effects."""
    first_played(c, turn, deck, zones)
    if deck.fx[c, h, FX_ANY] == 1:
        queue(c, h, zones.pend_c, zones.pend_h, zones.st)
        resolve_effects(tn, turn, shields, deck, zones)


def resolve_effects(tn, turn, shields, deck, zones):
    """Resolve the queued cards' modeled effects in order (your turn only; opponent-turn effects never fire).
    Cards that enter the battle zone by an effect queue their own effects behind."""
    c_mana_mask, c_tapped_in, c_min_cost = deck.c_mana_mask, deck.c_tapped_in, deck.c_min_cost
    fx, mt = deck.fx, deck.mt
    h_valid, h_kind, h_breaks, h_power = deck.h_valid, deck.h_kind, deck.h_breaks, deck.h_power
    lib, gr, state, gr_state, hand, st = zones.lib, zones.gr, zones.state, zones.gr_state, zones.hand, zones.st
    mana_mask, hs_left, pend_c, pend_h = zones.mana_mask, zones.hs_left, zones.pend_c, zones.pend_h
    size = deck.lib0.shape[0]
    gr_size = deck.gr0.shape[0]
    n_cards = c_mana_mask.shape[0]
    while st[S_QHEAD] < st[S_QTAIL]:
        q = st[S_QHEAD] % pend_c.shape[0]
        st[S_QHEAD] += 1
        c = pend_c[q]
        h = pend_h[q]
        # mana first (ramp before big plays): the deck's top cards, or the spell itself (チャージャー)
        for _ in range(fx[c, h, FX_RAMP]):
            if st[S_POS] >= size:
                break
            m = take_top(lib, size, state, st)
            to_mana(m, 1 if (fx[c, h, FX_RAMP_TAPPED] == 1 or c_tapped_in[m] == 1) else 0, deck, zones)
            if st[S_POS] >= size:
                st[S_DECKOUT] = 1  # 104.2b
                return
        for _ in range(fx[c, h, FX_DRAW]):
            hand[st[S_HAND]] = take_top(lib, size, state, st)
            st[S_HAND] += 1
            if st[S_POS] >= size:
                st[S_DECKOUT] = 1  # 104.2b
                return
        if fx[c, h, FX_LOOK] > 0 and fx[c, h, FX_SEARCH] > 0:
            # look at the top cards, take the matching ones (the best first), the rest go to the bottom
            pool = size - st[S_BOTTOM]
            look = fx[c, h, FX_LOOK]
            if look > pool - st[S_POS]:
                look = pool - st[S_POS]
            for q in range(look):
                draw_position(lib, st[S_POS] + q, pool, state)
            taken = 0
            while taken < fx[c, h, FX_SEARCH] and look > 0:
                best = -1
                best_score = -(10**9)
                for j in range(st[S_POS], st[S_POS] + look):
                    t = lib[j]
                    if mt[c, M_SEARCH, t] == 0:
                        continue
                    score = 1000 + c_min_cost[t] if c_min_cost[t] <= st[S_MANA] + 1 else -c_min_cost[t]
                    if score > best_score:
                        best_score = score
                        best = j
                if best < 0:
                    break
                hand[st[S_HAND]] = remove_from_library(lib, best, st)
                st[S_HAND] += 1
                look -= 1
                taken += 1
            pool = size - st[S_BOTTOM]
            for q in range(look):
                a = st[S_POS] + q
                b = pool - 1 - q
                if a < b:
                    card = lib[a]
                    lib[a] = lib[b]
                    lib[b] = card
            st[S_BOTTOM] += look
            if st[S_POS] >= size:
                st[S_DECKOUT] = 1
                return
        for _ in range(fx[c, h, FX_SEARCH] if fx[c, h, FX_LOOK] == 0 else 0):
            # 701.10: the matching card that is castable soonest among the most expensive ones reachable;
            # the whole deck is searched, then shuffled (the bottom cards rejoin the unrevealed ones)
            st[S_BOTTOM] = 0
            best = -1
            best_score = -(10**9)
            for j in range(st[S_POS], size):
                t = lib[j]
                if mt[c, M_SEARCH, t] == 0:
                    continue
                if c_min_cost[t] <= st[S_MANA] + 1:
                    score = 1000 + c_min_cost[t]
                else:
                    score = -c_min_cost[t]
                if score > best_score:
                    best, best_score = j, score
            if best < 0:
                break
            hand[st[S_HAND]] = remove_from_library(lib, best, st)
            st[S_HAND] += 1
            if st[S_POS] >= size:
                st[S_DECKOUT] = 1
                return
        for _ in range(fx[c, h, FX_GR]):
            # 701.29: the top card of the (shuffled) super GR zone enters as if its cost were paid
            if st[S_GRPOS] >= gr_size:
                break
            g = draw_position(gr, st[S_GRPOS], gr_size, gr_state)
            st[S_GRPOS] += 1
            bz_enter(g, 0, tn, 0, -1, deck, zones)
            queue(g, 0, pend_c, pend_h, st)
            first_played(g, turn, deck, zones)
        for _ in range(fx[c, h, FX_HYPER]):
            # psychic / dragheart from the hyperspatial zone: a creature, the biggest breaker, then the most power
            # (a dragheart weapon or fortress is put out but not modeled: it never attacks)
            best = -1
            best_score = -1
            by_mana = fx[c, h, FX_HYPER_MANA] == 1
            allowed = 0  # the civilizations of the cards in your mana zone (tapped or not)
            if by_mana:
                for j in range(st[S_MANA]):
                    allowed |= mana_mask[j]
            for t in range(n_cards):
                if hs_left[t] > 0 and mt[c, M_HYPER, t] == 1 and (not by_mana or (allowed & c_mana_mask[t]) != 0):
                    score = h_breaks[t, 0] * 10**8 + h_power[t, 0]
                    if h_kind[t, 0] != KIND_SPELL:
                        score += 10**12
                    if score > best_score:
                        best_score = score
                        best = t
            if best < 0:
                break
            hs_left[best] -= 1
            if h_kind[best, 0] != KIND_SPELL:
                bz_enter(best, 0, tn, 0, -1, deck, zones)
                queue(best, 0, pend_c, pend_h, st)
            first_played(best, turn, deck, zones)
        for _ in range(fx[c, h, FX_PUT]):
            # a creature from the hand into the battle zone without paying: the biggest breaker, then power
            best = -1
            best_h = 0
            best_score = -1
            for i in range(st[S_HAND]):
                t = hand[i]
                if mt[c, M_PUT, t] == 0:
                    continue
                for th in range(2):
                    if h_valid[t, th] == 1 and h_kind[t, th] != KIND_SPELL and h_kind[t, th] != KIND_EVOLUTION:
                        score = h_breaks[t, th] * 10**8 + h_power[t, th]
                        if score > best_score:
                            best, best_h, best_score = i, th, score
            if best < 0:
                break
            t = hand[best]
            st[S_HAND] -= 1
            hand[best] = hand[st[S_HAND]]
            bz_enter(t, best_h, tn, 0, -1, deck, zones)
            queue(t, best_h, pend_c, pend_h, st)
            first_played(t, turn, deck, zones)
        if fx[c, h, FX_EXTRA_TURN] > 0:
            st[S_EXTRA] += fx[c, h, FX_EXTRA_TURN]  # 500.5: taken right after this turn
        if wins(c, h, WIN_RESOLVE, shields, deck, zones):
            st[S_WON] = 1  # an effect of yours wins the game
            return


def can_attack(j, tn, granters, deck, zones):
    """301.5: the creature in slot j may attack: in the battle zone since the start of the turn, or Speed Attacker
    (its own, or granted by a creature of yours in the battle zone; `granters` = 0: the deck has none)."""
    bz_card, bz_half, fx, mt = zones.bz_card, zones.bz_half, deck.fx, deck.mt
    if zones.bz_attacks[j] == 0:
        return False
    if zones.bz_turn[j] < tn or zones.bz_ready[j] == 1:
        return True
    if granters > 0:
        for k in range(zones.st[S_BZ]):
            g = bz_card[k]
            if fx[g, bz_half[k], FX_GRANT] == 1 and mt[g, M_GRANT, bz_card[j]] == 1:
                return True
    return False


def lethal(breaks, n, shields):
    """Attacks biggest first win when one of them meets 0 shields (104.2a): the n - 1 biggest must break them all,
    i.e. the total minus the smallest."""
    if n == 0:
        return False
    total = 0
    smallest = breaks[0]
    for a in range(n):
        total += breaks[a]
        if breaks[a] < smallest:
            smallest = breaks[a]
    return total - smallest >= shields


def find_lethal(tn, shields, amount, granters, deck, zones, scratch):
    """Lethal search: when the creatures that may attack do not win this turn, the cheapest set of speed attackers
    in the hand (affordable with this turn's effective costs) that makes them win; its cards are marked in `want`
    so the main step plays them first. Returns 1 when such a set exists."""
    h_valid, h_kind, h_breaks = deck.h_valid, deck.h_kind, deck.h_breaks
    h_ready, h_attacks = deck.h_ready, deck.h_attacks
    hand, hand_count, bz_breaks = zones.hand, zones.st[S_HAND], zones.bz_breaks
    breaks, cand_i, cand_h = scratch.attackers, scratch.cand_i, scratch.cand_h
    ecost, want = scratch.ecost, scratch.want
    n = 0
    for j in range(zones.st[S_BZ]):
        if can_attack(j, tn, granters, deck, zones):
            breaks[n] = bz_breaks[j]
            n += 1
    if lethal(breaks, n, shields):
        return 0
    k = 0
    for i in range(hand_count):
        c = hand[i]
        best_h = -1
        for h in range(2):
            if h_valid[c, h] == 0 or h_ready[c, h] == 0 or h_attacks[c, h] == 0 or ecost[i, h] > amount:
                continue
            if h_kind[c, h] != KIND_CREATURE and h_kind[c, h] != KIND_NEO:
                continue
            if best_h < 0 or ecost[i, h] < ecost[i, best_h]:
                best_h = h
        if best_h >= 0 and k < cand_i.shape[0]:
            cand_i[k] = i
            cand_h[k] = best_h
            k += 1
    if k == 0:
        return 0
    # bound first: when even every candidate together does not win, nothing to enumerate (the usual case)
    m = n
    for b in range(k):
        breaks[m] = h_breaks[hand[cand_i[b]], cand_h[b]]
        m += 1
    if not lethal(breaks, m, shields):
        return 0
    best_mask = -1
    best_cost = 10**9
    for mask in range(1, 1 << k):
        cost = 0
        m = n
        for b in range(k):
            if (mask >> b) & 1:
                cost += ecost[cand_i[b], cand_h[b]]
                breaks[m] = h_breaks[hand[cand_i[b]], cand_h[b]]
                m += 1
        if cost > amount or cost >= best_cost:
            continue
        if lethal(breaks, m, shields):
            best_cost = cost
            best_mask = mask
    if best_mask < 0:
        return 0
    for b in range(k):
        if (best_mask >> b) & 1:
            want[hand[cand_i[b]]] += 1
    return 1


# --- The kernel's arguments, bundled: numba passes a namedtuple of arrays as it passes the arrays one by one, and
# the functions that take them are inlined into play_games (engine.compiled_kernel), so a bundle costs nothing.
# Deck: the deck's tables, read only (engine.play_side builds them from deck.DeckArrays): the library, the super GR
# zone and the hyperspatial zone as card indexes, the seals, then a row per distinct card (c_*), per card and half
# (h_*), the effects (fx) and their targets (mt), the civilizations the deck needs and the number of tracked cards.
Deck = namedtuple(
    "Deck",
    "lib0 gr0 hs0 seals c_mana_mask c_mana_num c_tapped_in c_key c_track c_min_cost c_main need_mask h_valid h_cost "
    "h_civ h_kind h_power h_breaks h_ready h_attacks fx mt n_track",
)
# Zones: one game's state, set up anew for every game (`deal`): the library and the super GR zone (shuffled lazily
# as they are drawn, each with its generator), the hand, the mana zone, the battle zone (a slot per creature), the
# hyperspatial zone's cards left, the queue of effects to resolve, the counters (S_*) and the first-played turns.
Zones = namedtuple(
    "Zones",
    "lib gr state gr_state hand mana_mask mana_num mana_tapped mana_card bz_card bz_half bz_breaks bz_power bz_turn "
    "bz_ready bz_attacks bz_used bz_dies hs_left pend_c pend_h st cast_turn",
)
# Scratch: what the decisions work in (per hand position: this turn's costs, uses, payment civilizations and other
# ways to pay; the attackers; the lethal search's wishes and candidates; the payment's search), and the cards that
# may cost 0.
Scratch = namedtuple(
    "Scratch", "ecost euse eciv ealt attackers want cand_i cand_h order in_s civ_bits choice supply c_zero"
)
# Traits: how many card halves of the deck play from the hand on attack (侵略, 革命チェンジ), give Speed Attacker,
# have another way to pay, キリフダッシュ, win the game at the start or end of the turn or on attack, may cost 0,
# are cast when a creature attacks (アタック・チャンス, D・D・D), come out at the end of the opponent's turn (マスター
# Jトルネード): 0 means a step skips its search.
Traits = namedtuple("Traits", "invaders granters alts dashers winners zeros chancers tornados")


def workspace(size, gr_size, n_cards, n_track):
    """The arrays a call of play_games works in (Zones, Scratch), allocated by the caller: the compiled loop
    allocates nothing, so it runs without reference counting (`engine.compiled_kernel`)."""
    room = size + gr_size + 64
    shapes = {"lib": size, "gr": max(gr_size, 1), "state": 4, "gr_state": 4, "hs_left": n_cards, "pend_c": 64}
    shapes.update({"pend_h": 64, "st": N_STATE, "cast_turn": max(n_track, 1), "want": n_cards, "c_zero": n_cards})
    shapes.update({"ecost": (room, 2), "euse": (room, 2), "eciv": (room, 2), "ealt": (room, 2), "cand_i": 12})
    shapes.update({"cand_h": 12, "civ_bits": 5, "choice": 5, "supply": 5})
    zones = Zones(*(np.zeros(shapes.get(name, room), dtype=np.int64) for name in Zones._fields))
    scratch = Scratch(*(np.zeros(shapes.get(name, room), dtype=np.int64) for name in Scratch._fields))
    return zones, scratch


# --- The steps of a game, in order


def halves_with(fx, column, above):
    """How many card halves have fx[..., column] > above."""
    n = 0
    for t in range(fx.shape[0]):
        for th in range(2):
            if fx[t, th, column] > above:
                n += 1
    return n


def deck_traits(deck, scratch):
    """The deck's Traits; c_zero marks the cards that may cost 0 (printed at 0 or free another way: G・ゼロ)."""
    h_valid, h_cost, fx, c_zero = deck.h_valid, deck.h_cost, deck.fx, scratch.c_zero
    zeros = 0
    for t in range(c_zero.shape[0]):
        c_zero[t] = 0
        for th in range(2):
            if h_valid[t, th] == 1 and (
                h_cost[t, th] == 0 or (fx[t, th, FX_ALT_MODE] == ALT_FIXED and fx[t, th, FX_ALT_COST] == 0)
            ):
                c_zero[t] = 1
                zeros += 1
    return Traits(
        halves_with(fx, FX_INVADE, 0), halves_with(fx, FX_GRANT, 0), halves_with(fx, FX_ALT_MODE, 0),
        halves_with(fx, FX_DASH, 0), halves_with(fx, FX_WIN_WHEN, WIN_RESOLVE), zeros, halves_with(fx, FX_CHANCE, 0),
        halves_with(fx, FX_TORNADO, 0),
    )  # fmt: skip


def deal(game, base_seed, gr_seed, deck, zones):
    """Set up game number `game`: its generators (its own stream for the super GR zone: GR summons never change
    the main deck's order), the zones and counters; 103.3 / 116.1a: seals, then 5 shields from the top, then a
    5-card hand."""
    lib0, gr0, hs0 = deck.lib0, deck.gr0, deck.hs0
    lib, gr, hs_left, hand, st, cast_turn = zones.lib, zones.gr, zones.hs_left, zones.hand, zones.st, zones.cast_turn
    size = lib0.shape[0]
    rng_seed_game(base_seed, game, zones.state)
    rng_seed_game(gr_seed, game, zones.gr_state)
    for i in range(size):
        lib[i] = lib0[i]
    for i in range(gr0.shape[0]):
        gr[i] = gr0[i]
    for t in range(hs_left.shape[0]):
        hs_left[t] = 0
    for i in range(hs0.shape[0]):
        hs_left[hs0[i]] += 1
    for k in range(N_STATE):
        st[k] = 0
    for _ in range(deck.seals + 5):
        take_top(lib, size, zones.state, st)
    for _ in range(5):
        hand[st[S_HAND]] = take_top(lib, size, zones.state, st)
        st[S_HAND] += 1
    for k in range(deck.n_track):
        cast_turn[k] = 0


def opponents_turn_end(tn, turn, shields, deck, zones):
    """The end of the opponent's turn: マスターJトルネード returns creatures to the hand and puts its card into the
    battle zone; it and what its effects put out are in play before this turn (301.5)."""
    put = tornado(
        zones.hand, deck.h_valid, deck.h_cost, deck.fx, deck.mt, zones.bz_card, zones.bz_half, zones.bz_dies, zones.st
    )
    if put < 0:
        return
    c = put // 2
    h = put - 2 * c
    bz_leave(2, 1, deck, zones)
    bz_enter(c, h, tn - 1, 0, -1, deck, zones)
    played(c, h, tn - 1, turn, shields, deck, zones)


def battle_zone_wins(when, shields, deck, zones):
    """A creature of yours whose effect wins the game at the moment `when` (WIN_*) wins it (S_WON)."""
    st = zones.st
    for j in range(st[S_BZ]):
        if wins(zones.bz_card[j], zones.bz_half[j], when, shields, deck, zones):
            st[S_WON] = 1


def untap_step(shields, traits, deck, zones):
    """501: untap everything; once-a-turn reductions are available again; the effects that win the game at the
    start of the turn. Returns 1 when the game is won."""
    st = zones.st
    for j in range(st[S_MANA]):
        zones.mana_tapped[j] = 0
    for j in range(st[S_BZ]):
        zones.bz_used[j] = 0
    st[S_SPELLS] = 0
    if traits.winners == 0:
        return 0
    battle_zone_wins(WIN_TURN_START, shields, deck, zones)
    return st[S_WON]


def draw_step(going_first, tn, deck, zones):
    """502, 500.6: draw, except the first player's first turn; 104.2b: the draw that empties the deck loses."""
    if going_first == 1 and tn == 1:
        return
    st = zones.st
    size = deck.lib0.shape[0]
    zones.hand[st[S_HAND]] = take_top(zones.lib, size, zones.state, st)
    st[S_HAND] += 1
    if st[S_POS] >= size:
        st[S_DECKOUT] = 1


def charge_step(shields, traits, deck, zones, scratch):
    """503: charge one card (choose_charge); 405.1: a multicoloured card enters tapped."""
    hand, st = zones.hand, zones.st
    if st[S_HAND] == 0:
        return
    costs_of_hand(untapped_mana(zones), shields, traits.alts, deck, zones, scratch)  # everything is untapped (501)
    i = choose_charge(
        hand, st[S_HAND], deck.c_key, deck.c_mana_mask, deck.c_mana_num, deck.c_tapped_in, deck.c_min_cost,
        deck.need_mask, zones.mana_mask, zones.mana_num, st[S_MANA], scratch.ecost, scratch.euse,
    )  # fmt: skip
    if i >= 0:
        c = hand[i]
        st[S_HAND] -= 1
        hand[i] = hand[st[S_HAND]]
        to_mana(c, deck.c_tapped_in[c], deck, zones)


def lethal_step(tn, shields, traits, deck, zones, scratch):
    """Lethal search first: the speed attackers that win on the spot are played before anything else (find_lethal).
    Returns 1 when scratch's ecost / euse hold the costs of this state."""
    want = scratch.want
    for t in range(want.shape[0]):
        want[t] = 0
    if zones.st[S_HAND] == 0:
        return 0
    amount = untapped_mana(zones)
    costs_of_hand(amount, shields, traits.alts, deck, zones, scratch)
    find_lethal(tn, shields, amount, traits.granters, deck, zones, scratch)
    return 1


def dash_reserve(tn, shields, traits, deck, zones):
    """キリフダッシュ: while a creature of yours will attack a shield this turn, the cheapest dash card of the hand is
    kept for after the break, with its mana left untapped. Returns its dash cost + 1 (a dash of cost 0 is kept
    too), or 0."""
    hand, st, fx, h_cost = zones.hand, zones.st, deck.fx, deck.h_cost
    if traits.dashers == 0 or shields <= 0 or st[S_HAND] == 0:
        return 0
    ready = 0
    for j in range(st[S_BZ]):
        if can_attack(j, tn, traits.granters, deck, zones):
            ready = 1
            break
    reserve = 0
    if ready == 1:
        for i in range(st[S_HAND]):
            c = hand[i]
            for h in range(2):
                dash = fx[c, h, FX_DASH] - 1
                if dash >= 0 and dash < h_cost[c, h] and (reserve == 0 or dash + 1 < reserve):
                    reserve = dash + 1
    return reserve


def choose_play(amount, shields, traits, deck, zones, scratch):
    """The hand card to play next with `amount` mana (its hand position * 2 + its half), or -1: ramp first; then
    the useful cards that use the most mana this turn (a knapsack over the hand's effective costs), the most
    expensive, then a speed attacker, then the most powerful; spells without a modeled effect only with mana
    nothing else can use."""
    h_valid, h_civ, h_kind, h_power, h_ready = deck.h_valid, deck.h_civ, deck.h_kind, deck.h_power, deck.h_ready
    h_attacks, fx, hand, st = deck.h_attacks, deck.fx, zones.hand, zones.st
    ecost, euse, eciv, want = scratch.ecost, scratch.euse, scratch.eciv, scratch.want
    target = best_spend(st[S_HAND], -1, amount, ecost, euse)
    best_i = -1
    best_h = -1
    best_rank = -1
    for i in range(st[S_HAND]):
        c = hand[i]
        for h in range(2):
            if h_valid[c, h] == 0 or ecost[i, h] > amount:
                continue
            kind = h_kind[c, h]
            if kind == KIND_EVOLUTION and st[S_BZ] == 0:
                continue
            cost = ecost[i, h]
            power = h_power[c, h]
            if power > 9999999:
                power = 9999999
            rank = euse[i, h] * 10**13 + cost * 10**9 + h_ready[c, h] * 10**8 + power
            if fx[c, h, FX_RAMP] > 0 and kind == KIND_SPELL:
                rank += 10**16  # ramp before big plays
            if want[c] > 0 and h_ready[c, h] == 1 and kind != KIND_SPELL:
                rank += 10**17  # part of this turn's lethal
            if h_ready[c, h] == 1 and h_attacks[c, h] == 1 and kind != KIND_SPELL and shields > 0:
                rank += 2 * 10**15  # a shield broken now beats mana used
            if euse[i, h] == 1:
                if rank + 10**15 <= best_rank:
                    continue  # cannot win even if it is part of an optimal set: skip the knapsack
                if cost == target:
                    rank += 10**15  # alone it uses the most mana
                else:
                    rest = best_spend(st[S_HAND], i, amount - cost, ecost, euse)
                    if cost + rest >= target:
                        rank += 10**15
            if rank <= best_rank:
                continue
            civ = eciv[i, h] if traits.alts > 0 else h_civ[c, h]
            if civs_coverable(civ, zones.mana_mask, zones.mana_tapped, st[S_MANA]):
                best_rank = rank
                best_i = i
                best_h = h
    return best_i * 2 + best_h if best_i >= 0 else -1


def evolution_source(kind, tn, zones):
    """The creature an evolution (or a NEO creature) goes on: one that could not attack this turn anyway, else the
    weakest; a NEO creature evolves only when that gains an attacker. Returns its slot, or -1."""
    bz_attacks, bz_turn, bz_ready, bz_breaks = zones.bz_attacks, zones.bz_turn, zones.bz_ready, zones.bz_breaks
    source = -1
    best_pref = 10**9
    for j in range(zones.st[S_BZ]):
        if bz_attacks[j] == 0:
            pref = 0
        elif bz_turn[j] == tn and bz_ready[j] == 0:
            pref = 1
        else:
            pref = 2 + bz_breaks[j]
        if kind == KIND_NEO and pref > 1:
            continue
        if pref < best_pref:
            best_pref = pref
            source = j
    return source


def play_from_hand(i, h, tn, turn, shields, traits, deck, zones, scratch):
    """Pay for hand card i's half h (the printed way or the other way: G・ゼロ, B・A・D, ...) and play it: a creature
    enters the battle zone, a spell is cast (a チャージャー then goes to the mana zone); its effects resolve."""
    fx, h_civ, h_kind, hand, st = deck.fx, deck.h_civ, deck.h_kind, zones.hand, zones.st
    c = hand[i]
    if scratch.want[c] > 0 and deck.h_ready[c, h] == 1:
        scratch.want[c] -= 1
    other_way = scratch.ealt[i, h] if traits.alts > 0 else 0
    civ = h_civ[c, h]
    if other_way == 1 and fx[c, h, FX_ALT_MODE] == ALT_FIXED:
        cost = fx[c, h, FX_ALT_COST]  # G・ゼロ (0) or another payment in its own civilizations
        civ = fx[c, h, FX_ALT_CIV]
    else:
        cost = effective_cost(c, h, 1, shields, deck, zones)
        if other_way == 1:
            cost = reduced(cost, fx[c, h, FX_ALT_COST])  # B・A・D
    pay_mana(cost, civ, zones, scratch)
    st[S_HAND] -= 1
    hand[i] = hand[st[S_HAND]]
    kind = h_kind[c, h]
    if kind != KIND_SPELL:
        source = evolution_source(kind, tn, zones) if kind == KIND_EVOLUTION or kind == KIND_NEO else -1
        slot = bz_enter(c, h, tn, 1 if source >= 0 else 0, source, deck, zones)
        if other_way == 1 and fx[c, h, FX_ALT_DIES] == 1:
            zones.bz_dies[slot] = 1  # B・A・D: destroyed at the end of the turn
            st[S_DYING] = 1
    else:
        st[S_SPELLS] += 1
    if kind == KIND_SPELL and fx[c, h, FX_CHARGER] == 1:
        to_mana(c, 1, deck, zones)  # チャージャー: the spell goes to the mana zone (tapped) after it resolves
    played(c, h, tn, turn, shields, deck, zones)


def attack_chance(slot, tn, turn, shields, deck, zones, scratch):
    """アタック・チャンス / D・D・D as the creature in `slot` attacks: one spell of the hand, free or paid from the
    untapped mana, when it has a modeled effect (a free one is cast anyway: it costs nothing)."""
    fx, mt, h_cost, hand, st = deck.fx, deck.mt, deck.h_cost, zones.hand, zones.st
    untapped = untapped_mana(zones)
    attacker = zones.bz_card[slot]
    best, best_h, best_score = -1, 0, -1
    for i in range(st[S_HAND]):
        t = hand[i]
        for th in range(2):
            cost = fx[t, th, FX_CHANCE] - 1
            if cost < 0 or cost > untapped or mt[t, M_CHANCE, attacker] == 0:
                continue
            if cost > 0 and fx[t, th, FX_ANY] == 0:
                continue
            score = fx[t, th, FX_ANY] * 1000 + h_cost[t, th]
            if score > best_score and (
                cost == 0 or civs_coverable(fx[t, th, FX_CHANCE_CIV], zones.mana_mask, zones.mana_tapped, st[S_MANA])
            ):
                best_score = score
                best = i
                best_h = th
    if best < 0:
        return
    t = hand[best]
    if fx[t, best_h, FX_CHANCE] > 1:
        pay_mana(fx[t, best_h, FX_CHANCE] - 1, fx[t, best_h, FX_CHANCE_CIV], zones, scratch)
    st[S_HAND] -= 1
    hand[best] = hand[st[S_HAND]]
    st[S_SPELLS] += 1
    played(t, best_h, tn, turn, shields, deck, zones)


def invade(slot, tn, turn, shields, deck, zones):
    """As the creature in `slot` attacks, 侵略 puts the best matching evolution from the hand onto it (repeatable),
    革命チェンジ swaps it with a better matching creature from the hand (once; the old one returns to the hand)."""
    fx, mt, h_breaks, h_power, hand, st = deck.fx, deck.mt, deck.h_breaks, deck.h_power, zones.hand, zones.st
    bz_card, bz_breaks = zones.bz_card, zones.bz_breaks
    changed = 0
    while st[S_HAND] > 0:
        best = -1
        best_h = 0
        best_score = -1
        for i in range(st[S_HAND]):
            t = hand[i]
            for th in range(2):
                mode = fx[t, th, FX_INVADE]
                if mode == 0 or mt[t, M_INVADE, bz_card[slot]] == 0:
                    continue
                if mode == 2 and (changed == 1 or deck.c_main[bz_card[slot]] == 0):
                    continue  # one swap per attack; GR / psychic creatures cannot go to the hand
                if h_breaks[t, th] < bz_breaks[slot]:
                    continue
                score = h_breaks[t, th] * 10**8 + h_power[t, th]
                if score > best_score:
                    best_score = score
                    best = i
                    best_h = th
        if best < 0:
            break
        t = hand[best]
        old = bz_card[slot]
        if fx[t, best_h, FX_INVADE] == 2:
            hand[best] = old
            changed = 1
        else:
            st[S_HAND] -= 1
            hand[best] = hand[st[S_HAND]]
        bz_enter(t, best_h, tn, 1, slot, deck, zones)
        played(t, best_h, tn, turn, shields, deck, zones)
        if st[S_DECKOUT] == 1 or st[S_WON] == 1:
            break


def dash_after_break(tn, turn, shields, n_att, traits, deck, zones, scratch):
    """キリフダッシュ after a break: the best dash card the untapped mana pays for (a creature that may attack at once
    first, then the biggest breaker); a creature that may attack joins the attackers. Returns their number."""
    fx, h_kind, h_breaks, h_power, hand, st = deck.fx, deck.h_kind, deck.h_breaks, deck.h_power, zones.hand, zones.st
    untapped = untapped_mana(zones)
    best, best_h, best_score = -1, 0, -1
    for i in range(st[S_HAND]):
        t = hand[i]
        for th in range(2):
            cost = fx[t, th, FX_DASH] - 1
            if cost < 0 or cost > untapped or h_kind[t, th] == KIND_EVOLUTION:
                continue
            score = fx[t, th, FX_ANY]
            if h_kind[t, th] != KIND_SPELL:
                score = 10 + h_breaks[t, th] * 10**8 + h_power[t, th]
                if deck.h_ready[t, th] == 1 and deck.h_attacks[t, th] == 1:
                    score += 10**12
            if score > best_score and civs_coverable(
                fx[t, th, FX_DASH_CIV], zones.mana_mask, zones.mana_tapped, st[S_MANA]
            ):
                best_score = score
                best = i
                best_h = th
    if best < 0:
        return n_att
    t = hand[best]
    pay_mana(fx[t, best_h, FX_DASH] - 1, fx[t, best_h, FX_DASH_CIV], zones, scratch)
    st[S_HAND] -= 1
    hand[best] = hand[st[S_HAND]]
    if h_kind[t, best_h] == KIND_SPELL:
        st[S_SPELLS] += 1
    else:
        j = bz_enter(t, best_h, tn, 0, -1, deck, zones)
        if can_attack(j, tn, traits.granters, deck, zones):
            scratch.attackers[n_att] = j
            n_att += 1
    played(t, best_h, tn, turn, shields, deck, zones)
    return n_att


def end_step(shields, traits, deck, zones):
    """The end of the turn: the effects that win the game then; creatures summoned by B・A・D (or a like payment)
    are destroyed."""
    st = zones.st
    if traits.winners > 0 and shields >= 0 and st[S_DECKOUT] == 0 and st[S_WON] == 0:
        battle_zone_wins(WIN_TURN_END, shields, deck, zones)
    if st[S_DYING] == 1:
        bz_leave(1, 0, deck, zones)
        st[S_DYING] = 0


def trace_draw(trace, tn, deck, zones):
    trace[tn, T_LIBRARY] = deck.lib0.shape[0] - zones.st[S_POS]
    trace[tn, T_HAND_AFTER_DRAW] = zones.st[S_HAND]


def trace_charge(trace, tn, zones):
    trace[tn, T_MANA] = zones.st[S_MANA]
    trace[tn, T_UNTAPPED_MAIN] = untapped_mana(zones)


def trace_end(trace, tn, n_att, shields, zones):
    trace[tn, T_CREATURES] = zones.st[S_BZ]
    trace[tn, T_HAND_END] = zones.st[S_HAND]
    trace[tn, T_ATTACKS] = n_att
    trace[tn, T_SHIELDS] = shields


def play_games(
    first_game, n_games, base_seed, gr_seed, going_first, max_turn, deck, zones, scratch, kills, deckouts, first_cast,
    outcomes, trace_game, trace,
):  # fmt: skip
    """Play games first_game .. first_game + n_games - 1 of `deck` (Deck) in `zones` and `scratch` (workspace());
    add their outcomes to kills / deckouts / first_cast (and, when `outcomes` has room, each game's outcome: kill
    turn > 0, -(deck-out turn), or 0: neither within max_turn, which cannot happen with a draw every turn).

    Turns are counted in rounds: an extra turn (500.5) has the number of the turn it follows, since the goldfish
    gets no turn in between. Game number `trace_game` (or none: -1) also writes one row per own turn into `trace`
    (TRACE_COLUMNS), row 0 after the setup. (The steps are called from here, not from functions of their own, so
    that numba inlines each only once: its compile time grows with the depth of the inlined calls.)"""
    st, hand, fx, attackers, bz_breaks = zones.st, zones.hand, deck.fx, scratch.attackers, zones.bz_breaks
    ecost, euse = scratch.ecost, scratch.euse
    traits = deck_traits(deck, scratch)
    for game in range(first_game, first_game + n_games):
        deal(game, base_seed, gr_seed, deck, zones)
        shields = 5
        outcome = 0
        tracing = game == trace_game
        if tracing:
            trace_draw(trace, 0, deck, zones)
            trace_charge(trace, 0, zones)
            trace_end(trace, 0, 0, shields, zones)
        turn = 0
        for tn in range(1, max_turn + 1):
            if st[S_EXTRA] > 0:
                st[S_EXTRA] -= 1  # 500.5: an extra turn keeps the round's number
            else:
                turn += 1
            if traits.tornados > 0 and st[S_BZ] > 0 and st[S_HAND] > 0:
                opponents_turn_end(tn, turn, shields, deck, zones)
            if untap_step(shields, traits, deck, zones) == 1:
                outcome = turn
                break
            draw_step(going_first, tn, deck, zones)
            if tracing:
                trace_draw(trace, tn, deck, zones)
            if st[S_DECKOUT] == 1:
                outcome = -turn
                break
            charge_step(shields, traits, deck, zones, scratch)
            if tracing:
                trace_charge(trace, tn, zones)
            fresh = lethal_step(tn, shields, traits, deck, zones, scratch)
            # 504: play cards from the hand (choose_play), again after every payment, while mana is left; with
            # キリフダッシュ's reserve kept untapped
            reserve = dash_reserve(tn, shields, traits, deck, zones)
            while st[S_HAND] > 0 and st[S_DECKOUT] == 0 and st[S_WON] == 0:
                amount = untapped_mana(zones)
                if reserve > 0:
                    amount -= reserve - 1
                    if amount < 0:
                        amount = 0
                    fresh = 0
                if amount == 0:
                    # nothing costs 0 after reductions (floors are at least 1): only a card printed at 0 or free
                    # another way can still be played
                    free = 0
                    if traits.zeros > 0:
                        for i in range(st[S_HAND]):
                            free += scratch.c_zero[hand[i]]
                    if free == 0:
                        break
                if fresh == 1:
                    fresh = 0  # the lethal search computed this state's costs
                else:
                    costs_of_hand(amount, shields, traits.alts, deck, zones, scratch)
                if reserve > 0:
                    for i in range(st[S_HAND]):
                        for h in range(2):
                            if fx[hand[i], h, FX_DASH] > 0:
                                ecost[i, h] = 999  # kept for the dash
                                euse[i, h] = 0
                best = choose_play(amount, shields, traits, deck, zones, scratch)
                if best < 0:
                    break
                play_from_hand(best // 2, best % 2, tn, turn, shields, traits, deck, zones, scratch)
            if st[S_DECKOUT] == 1:
                outcome = -turn
                break
            if st[S_WON] == 1:
                outcome = turn
                break
            # 505-509: attack with everything that may (301.5), the biggest breakers first, with what happens as a
            # creature attacks (attack_chance, invade) and after its break (dash_after_break)
            n_att = 0
            for j in range(st[S_BZ]):
                if can_attack(j, tn, traits.granters, deck, zones):
                    k = n_att
                    while k > 0 and bz_breaks[attackers[k - 1]] < bz_breaks[j]:
                        attackers[k] = attackers[k - 1]
                        k -= 1
                    attackers[k] = j
                    n_att += 1
            a = 0
            while a < n_att:  # a creature played by キリフダッシュ may join the attackers
                if shields == 0:
                    shields = -1  # 104.2a, 509.1: a direct attack with no shields left wins
                    break
                slot = attackers[a]
                a += 1
                if traits.winners > 0 and wins(
                    zones.bz_card[slot], zones.bz_half[slot], WIN_ATTACK, shields, deck, zones
                ):
                    st[S_WON] = 1
                    break
                if traits.chancers > 0 and st[S_HAND] > 0:
                    attack_chance(slot, tn, turn, shields, deck, zones, scratch)
                    if st[S_DECKOUT] == 1 or st[S_WON] == 1:
                        break
                if traits.invaders > 0:
                    invade(slot, tn, turn, shields, deck, zones)
                    if st[S_DECKOUT] == 1 or st[S_WON] == 1:
                        break
                broken = bz_breaks[slot]
                if broken > shields:
                    broken = shields
                shields -= broken  # 509.2: the attack that breaks the last shield does not win
                if traits.dashers == 0 or broken == 0 or st[S_HAND] == 0:
                    continue
                n_att = dash_after_break(tn, turn, shields, n_att, traits, deck, zones, scratch)
                if st[S_DECKOUT] == 1 or st[S_WON] == 1:
                    break
            end_step(shields, traits, deck, zones)
            if tracing:
                trace_end(trace, tn, n_att, shields, zones)
            if st[S_DECKOUT] == 1:
                outcome = -turn
                break
            if shields < 0 or st[S_WON] == 1:
                outcome = turn
                break
        if outcome > 0:
            kills[outcome] += 1
        elif outcome < 0:
            deckouts[-outcome] += 1
        else:
            kills[0] += 1
        if outcomes.shape[0] >= n_games:
            outcomes[game - first_game] = outcome
        for k in range(deck.n_track):
            first_cast[k, zones.cast_turn[k]] += 1
