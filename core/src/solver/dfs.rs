//! The sound depth-first search: a resumable DFS over the engine's own `apply_unchecked` and
//! `undo`, trying only the moves `moves.rs` keeps (rules 1 to 9, which lose no win) and, in
//! How They Run, those of them rule 10 keeps (`commute.rs`), skipping
//! positions its transposition table (`table.rs`, which says why that is sound) has recorded
//! and positions `deadlock.rs` or `dig.rs` prove dead. It is also each of the restarts'
//! runs (`restarts.rs`), with the heuristic rules' moves in a jittered order.
//!
//! A position reached by a move that waits for its use (`moves.rs`, rule 7), where only some
//! moves are tried, is a node of its own: recorded under a key that also names the piles that
//! move left and filled, and skipped where the position itself is recorded (there every move
//! is, or was, tried). `Unwinnable` thus means: every reachable position was explored (up to
//! the pruning rules in `moves.rs` and the dead positions of `deadlock.rs` and `dig.rs`, which
//! lose no win, and collisions of the table's 60-bit keys, which are negligible: about
//! n²/2⁶¹ for n positions).

use super::deadlock::{Barred, Recall};
use super::dig::Dig;
use super::hash::{mix, touched, Hasher};
use super::moves::{plain, Awaited, Mode, Plain, Rules};
use super::pass::{Step, Tally};
use super::table::{stored, Table};
#[cfg(test)]
use super::Outcome;
use crate::card::Card;
use crate::engine::{Effect, Move};
use crate::spec::PileId;
use crate::state::State;

/// The table size from which the DFS may look ahead (`Dfs::look_ahead`): a smaller one stays
/// mostly in the processor's caches, with little wait to hide, and most searches end before
/// their table grows this far.
const LOOK_AHEAD_TABLE_BYTES: usize = 8 << 20;
/// In `Dfs::keys`, a position not worked out ahead (no stored key has its top bits set).
const AHEAD_UNKNOWN: u64 = u64::MAX;
/// In `Dfs::keys`, marks the key of a position reached by a move that waits for its use
/// (rule 7): the position's own key, under which it may be recorded whole.
const AWAITED: u64 = 1 << 62;
/// A restart's jitter on the moves' scores (`Rules::score`: a move home 100, onto a card 30,
/// 60 more if it turns a card): larger than the gaps between the kinds of move, so that a
/// restart's order is mostly its own, a little biased to the promising.
/// Measured with `restarts::BASE` on 28 Yakutat Bay deals (the 21 of 1..1000 won at 2 s in
/// over 100,000 nodes, and 7 winnable ones the search did not win there), 3,000,000 nodes
/// each, all the search's nodes summed: 80, 4,556,207 (base 5,000); 160, 1,696,579 (base
/// 2,000); 400, 1,781,832 (base 2,000: the lowest maximum, 324,137); 1,000, 5,763,152 (base
/// 2,000). The search before the restarts: 26,444,627, leaving 257, 615, 686 and 985 unwon.
/// (40, with a base of 20,000, left 985 unwon at 6,000,000 nodes.)
const RESTART_JITTER: u64 = 400;
const RESTART_SALT: u64 = 0x2545_F491_4F6C_DD1D;

/// One position on the search path: its candidate moves are `moves[start..end]`, `next` the
/// one to try next, so the move on along the path is `moves[next - 1]`;
/// `effects[effects_start..]` are what the move into it changed; `entered` the node count
/// (mod 2³²) when it was entered; `awaited` what the move into it left for the next move to use,
/// when it waits for its use (`moves.rs`, rule 7); `key` its key in the table. In `u32`s: a
/// search of How They Run or Yakutat Bay runs hundreds of thousands of frames deep.
struct Frame {
    start: u32,
    end: u32,
    next: u32,
    effects_start: u32,
    entered: u32,
    awaited: Option<Awaited>,
    key: u64,
}

/// The part of a DFS's memory cap its table's doubling may count on: an eighth is left to the
/// path and the relaxations' memory. (Where old and new tables together would fill the cap
/// exactly, at 3 MiB for one, the search ran out of memory at its table's last doubling.)
fn table_share(max_memory_bytes: usize) -> usize {
    max_memory_bytes - max_memory_bytes / 8
}

/// The share of its memory cap a search leaves to the rest of the process when its table
/// grows where it lies (`Table::grow_in_place`), so that the process stays within the cap:
/// its code and data (about 3 MiB), and what the allocator keeps of the memory the heuristic
/// passes freed. (At 64 MiB, beside the table, the dig and the path: How They Run deal 591,
/// 10.7 MB; Yakutat Bay deal 100, whose restarts freed memory too, 13.5 MB.)
const BESIDE_THE_SEARCH: usize = 4;

/// Room `Dfs::make_room` asks for before each node: more moves than any position of the five
/// games has (a few hundred at most), more effects than any move makes (four at most).
const MOVES_ROOM: usize = 1024;
const EFFECTS_ROOM: usize = 64;
/// And for the hasher's journal (`Hasher::apply`): two shares an effect, or every pile's
/// (no game has 128 piles).
const JOURNAL_ROOM: usize = 2 * EFFECTS_ROOM;

/// A resumable depth-first search: the sound pass, or one run of the restarts
/// (`restarts.rs`), which drops the heuristic rules' moves and orders the rest with a jitter.
pub(crate) struct Dfs<'r> {
    rules: &'r Rules,
    /// A restart's seed: its moves are `Mode::Heuristic`'s, in an order jittered by it.
    restart: Option<u64>,
    max_memory_bytes: usize,
    pub(crate) table: Table,
    state: State,
    hasher: Hasher,
    scratch: Vec<(i32, Move)>,
    moves: Vec<Move>,
    /// Per move in `moves`, the table key of the position it reaches, worked out ahead
    /// (`look_ahead`), or `AHEAD_UNKNOWN`.
    keys: Vec<u64>,
    /// Positions reached that were recorded already, and those entered: where most are met
    /// again, the DFS looks ahead (`look_ahead`).
    met: u64,
    entered: u64,
    /// The piles a move looked ahead at touched (`look_ahead`).
    touched: Vec<PileId>,
    /// The table size from which it may look ahead: `LOOK_AHEAD_TABLE_BYTES`.
    look_ahead_from: usize,
    effects: Vec<Effect>,
    frames: Vec<Frame>,
    /// The most bytes the path has held (room for one more node included): the pages it
    /// touched stay in memory.
    path_peak: usize,
    pub(crate) nodes: u64,
    /// Paces the relaxation after moves onto a card (`dead_onto_a_card`).
    onto_card: Pace,
    /// Where it applies, paces the refined relaxation (`deadlock::occupied`) after a move that
    /// turned a card and left the position live to the plain one: it costs tens of plain
    /// checks, so it is asked every time for its first 256 answers and while a quarter of them
    /// are "dead", else once in 40 such positions. (Yakutat Bay deal 593: proved in 1,721,788
    /// nodes, 4.7 s, against 14,160,052; 567 and 865 take as many nodes as without it, 10.2 s
    /// and 20.9 s against 9.3 s and 21.1 s the same hour. Asked once in 10 when less than one in
    /// 10 answers paid, 567 took 14.2 s; once in 40 below one in 40, 25.8 s.)
    occupied: Option<Refined>,
    /// Where it applies (`Rules::digs`), the dig (`dig.rs`), asked at the root and wherever a
    /// move changed a pile it tracks or a cell.
    dig: Option<Dig>,
}

/// Where the refined relaxation (`deadlock::occupied`) applies: how often to ask it, which
/// cards gave it findings so far (asked about first), and what it found of positions on the
/// path, which holds below them for the cards not moved since (`deadlock::Barred`): the
/// check after a move onto a card leaves those events out. (Yakutat Bay deal 259: proved in
/// 2,137,237 nodes instead of 5,727,211, 1.7 s instead of 3.9 s; the same nodes where nothing
/// is found, as in 915, 285, 614 and 567.)
struct Refined {
    pace: Pace,
    recall: Recall,
    /// Per frame of the path, the cards moved since the frame of `found`'s last entry.
    moved: Vec<u64>,
    /// (frame, what was found there), the nearest last. Found only at the root and where a
    /// move turned a card, so at most `kept` on a path: one more than the root's face-down
    /// cards (a card turned on the path stays face up there).
    found: Vec<(usize, Barred)>,
    kept: usize,
    /// For the position being entered: the cards moved since `found`'s last entry, and what
    /// was found there.
    entering: (u64, Option<Barred>),
}

impl Refined {
    fn new(root: &State) -> Refined {
        let face_down = root.map().tableau().flat_map(|p| root.pile(p)).filter(|c| !c.face_up()).count();
        Refined {
            pace: Pace::new(256, 4, 40),
            recall: Recall::default(),
            moved: Vec::new(),
            found: Vec::with_capacity(face_down + 1),
            kept: face_down + 1,
            entering: (0, None),
        }
    }

    /// The memory `found` may take.
    fn found_bytes(&self) -> usize {
        self.kept * std::mem::size_of::<(usize, Barred)>()
    }

    /// What holds in the position being entered.
    fn known(&self) -> Barred {
        self.found.last().map_or(Barred::NONE, |(_, found)| found.without(self.entering.0))
    }

    /// The position being entered is on the path now, as frame `frame`.
    fn entered(&mut self, frame: usize) {
        let (mut moved, found) = std::mem::take(&mut self.entering);
        if let Some(found) = found.filter(|_| self.found.len() < self.kept) {
            self.found.push((frame, found));
            moved = 0;
        }
        self.moved.push(moved);
    }

    /// Frame `frame` left the path.
    fn left(&mut self, frame: usize) {
        self.moved.pop();
        if self.found.last().is_some_and(|&(at, _)| at == frame) {
            self.found.pop();
        }
    }
}

/// How often to ask a check that proves positions dead in some deals and hardly ever in
/// others: every time for the first `warm_up` answers and while at least one answer in
/// `paying` was "dead", otherwise one position in `one_in`, to notice a change. Counted within
/// the search: deterministic.
struct Pace {
    warm_up: u64,
    paying: u64,
    one_in: u64,
    asked: u64,
    dead: u64,
    /// Positions to pass before the next is asked about, while asking does not pay.
    to_pass: u64,
}

impl Pace {
    const fn new(warm_up: u64, paying: u64, one_in: u64) -> Pace {
        Pace { warm_up, paying, one_in, asked: 0, dead: 0, to_pass: 0 }
    }

    /// Whether to ask about this position.
    fn due(&mut self) -> bool {
        if self.asked < self.warm_up || self.dead * self.paying >= self.asked {
            return true;
        }
        if self.to_pass > 0 {
            self.to_pass -= 1;
            return false;
        }
        self.to_pass = self.one_in - 1;
        true
    }

    /// Counts an answer, and returns it.
    fn answer(&mut self, dead: bool) -> bool {
        self.asked += 1;
        self.dead += u64::from(dead);
        dead
    }
}

/// Whether to ask the relaxation (`deadlock.rs`) after a move of a group onto a card
/// (`deadlock::moved_onto_a_card`). Such moves make dead positions often in some deals and hardly
/// ever in others (Yakutat Bay, of the positions asked: deal 113, 49%; deal 167, 2%), and an
/// answer costs about as much as three nodes. So it is paced (`Pace`): every time for the first
/// 1,024 answers and while at least one in ten is "dead", otherwise after one such move in ten.
/// Where the group's bottom card can leave again at once, the position is live if its parent
/// was: no need to ask.
/// What is known never to happen there (`Refined`) is left out.
fn dead_onto_a_card(
    pace: &mut Pace,
    rules: &Rules,
    s: &State,
    (to, bottom): (PileId, Card),
    refined: Option<&Refined>,
) -> bool {
    if !pace.due() || rules.leaves_soon(s, to, bottom) {
        return false;
    }
    let known = refined.map_or(Barred::NONE, Refined::known);
    pace.answer(super::deadlock::dead_unless_leaves_knowing(rules, s, Some(bottom), &known))
}

impl<'r> Dfs<'r> {
    /// A search from `root`: the sound pass when `restart` is `None`, else a restart with that
    /// seed.
    pub(crate) fn new(
        rules: &'r Rules,
        root: &State,
        max_memory_bytes: usize,
        max_nodes: u64,
        restart: Option<u64>,
    ) -> Dfs<'r> {
        let mut table = Table::new(table_share(max_memory_bytes), max_nodes);
        let hasher = Hasher::new(rules, root);
        table.insert(hasher.value());
        let mut dfs = Dfs {
            rules,
            restart,
            max_memory_bytes,
            table,
            state: root.clone(),
            hasher,
            scratch: Vec::new(),
            moves: Vec::new(),
            keys: Vec::new(),
            met: 0,
            entered: 0,
            touched: Vec::new(),
            look_ahead_from: LOOK_AHEAD_TABLE_BYTES,
            effects: Vec::new(),
            frames: Vec::new(),
            path_peak: 0,
            nodes: 0,
            onto_card: Pace::new(1024, 10, 10),
            occupied: super::deadlock::refines(rules).then(|| Refined::new(root)),
            dig: rules.digs().then(Dig::new),
        };
        // The path runs deep (hundreds of thousands of frames, more memory than the table
        // in the deepest searches), but most searches stay shallow; see `room`.
        let first = FIRST_PATH_BYTES.min(max_memory_bytes);
        reserve(&mut dfs.frames, first);
        reserve(&mut dfs.moves, first);
        reserve(&mut dfs.keys, keys_bytes(first));
        reserve(&mut dfs.effects, first);
        reserve(&mut dfs.hasher.journal, first);
        if !dfs.root_dead() {
            dfs.generate(None, None);
            dfs.keys.resize(dfs.moves.len(), AHEAD_UNKNOWN);
        }
        let end = dfs.moves.len() as u32;
        let key = dfs.hasher.value();
        dfs.frames.push(Frame { start: 0, end, next: 0, effects_start: 0, entered: 0, awaited: None, key });
        if let Some(refined) = &mut dfs.occupied {
            refined.entered(0);
        }
        dfs
    }

    /// Appends the moves to try from the position on top of the path (`Rules::generate`, then,
    /// where no move waits for its use, rule 10: `commute.rs`): a restart's in its own order,
    /// each move's score jittered by a hash of the seed, the position and the move's place
    /// (ties keep the generator's order).
    fn generate(&mut self, last: Plain, awaited: Option<Awaited>) {
        let start = self.moves.len();
        let Some(seed) = self.restart else {
            self.rules.generate(&self.state, last, awaited, Mode::Sound, &mut self.scratch, &mut self.moves);
            if awaited.is_none() && self.rules.onto_one_parent {
                super::commute::retain_first_movers(self.rules, &self.state, &mut self.moves, start);
            }
            return;
        };
        self.rules.generate(&self.state, last, awaited, Mode::Heuristic, &mut self.scratch, &mut self.moves);
        let position = self.hasher.value() ^ seed.wrapping_mul(RESTART_SALT);
        self.scratch.clear();
        for (i, &mv) in self.moves[start..].iter().enumerate() {
            let jitter = (mix(position ^ i as u64) % RESTART_JITTER) as i32;
            self.scratch.push((self.rules.score(&self.state, mv) + jitter, mv));
        }
        self.scratch.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
        for (slot, &(_, mv)) in self.moves[start..].iter_mut().zip(&self.scratch) {
            *slot = mv;
        }
    }

    pub(crate) fn tally(&self) -> Tally {
        Tally { nodes: self.nodes, table_bytes: self.table.bytes(), table_entries: self.table.len }
    }

    /// Raises the search's memory cap to `max_memory_bytes` (it never lowers it), its table's
    /// with it; for a search that keeps that cap to itself from then on, since its table may
    /// then grow where it lies to fill it (`Table::grow_in_place`).
    pub(crate) fn widen(&mut self, max_memory_bytes: usize, max_nodes: u64) {
        self.max_memory_bytes = self.max_memory_bytes.max(max_memory_bytes);
        self.table.widen(table_share(self.max_memory_bytes), max_nodes);
    }

    /// Where the refined relaxation applies, notes the cards the move into the position
    /// being entered moved (its effects from `effects_start`), which `Refined` forgets what
    /// was found of.
    fn note_moved(&mut self, effects_start: usize) {
        let Some(refined) = &mut self.occupied else { return };
        let mut moved = refined.moved.last().copied().unwrap_or(0);
        for effect in &self.effects[effects_start..] {
            if let Effect::Transfer { to, count, .. } = *effect {
                let pile = self.state.pile(to);
                moved |= pile[pile.len() - usize::from(count)..].iter().fold(0, |m, c| m | 1 << c.id());
            }
        }
        refined.entering = (moved, None);
    }

    /// Whether the refined relaxation proves the position being entered (the root, or one a
    /// move that turned a card reached) dead, where it applies and its pace asks it (the root
    /// always); what it finds of a live one is passed down the path.
    fn occupied_dead(&mut self, root: bool) -> bool {
        let Some(refined) = &mut self.occupied else { return false };
        if !root && !refined.pace.due() {
            return false;
        }
        let known = refined.known();
        match super::deadlock::occupied(self.rules, &self.state, &mut refined.recall, known) {
            None => root || refined.pace.answer(true),
            Some(found) => {
                if !root {
                    refined.pace.answer(false);
                }
                refined.entering.1 = Some(found).filter(|found| !found.is_empty());
                false
            }
        }
    }

    /// Whether a relaxation proves the root dead: those asked after each move, and, where the
    /// dig applies, the one counting the places to park (`park.rs`), which costs too much for
    /// every node.
    fn root_dead(&mut self) -> bool {
        super::deadlock::dead(self.rules, &self.state)
            || self.occupied_dead(true)
            || self.dig_dead(0)
            || (self.rules.digs() && super::park::dead(self.rules, &self.state))
    }

    /// Whether the dig proves the position on top of the path dead, reached by the move that
    /// made `effects[effects_start..]`: asked only where that move changed a pile the dig
    /// tracks or a cell, since the dig's verdict depends on nothing else (`dig.rs`), and the
    /// position before was live.
    fn dig_dead(&mut self, effects_start: usize) -> bool {
        if self.dig.is_none() {
            return false;
        }
        let (s, map) = (&self.state, self.state.map());
        let changed = self.effects[effects_start..]
            .iter()
            .flat_map(|e| e.piles())
            .any(|p| super::dig::is_tracked(s, p) || map.cells().contains(&p));
        if !changed && effects_start < self.effects.len() {
            return false;
        }
        let key = super::dig::key(&self.hasher, self.rules, &self.state);
        self.dig.as_mut().is_some_and(|dig| dig.dead(self.rules, &self.state, key))
    }

    /// Whether one more node (a frame, its effects and its moves) fits in the path's
    /// vectors, and the path's peak and the table within the memory cap.
    fn make_room(&mut self) -> bool {
        let used = std::mem::size_of::<Frame>() * (self.frames.len() + 1)
            + (std::mem::size_of::<Move>() + std::mem::size_of::<u64>()) * (self.moves.len() + MOVES_ROOM)
            + std::mem::size_of::<Effect>() * (self.effects.len() + EFFECTS_ROOM)
            + std::mem::size_of::<u64>() * (self.hasher.journal.len() + JOURNAL_ROOM);
        let cap = self.max_memory_bytes;
        let (moved_used, moved_left, moved_room) = match &mut self.occupied {
            Some(refined) => {
                let left = room(&mut refined.moved, 1, cap);
                (8 * (refined.moved.len() + 1), left, refined.moved.len() < refined.moved.capacity())
            }
            None => (0, 0, true),
        };
        let left = room(&mut self.frames, 1, cap)
            + room(&mut self.moves, MOVES_ROOM, cap)
            + room(&mut self.keys, MOVES_ROOM, keys_bytes(cap))
            + room(&mut self.effects, EFFECTS_ROOM, cap)
            + room(&mut self.hasher.journal, JOURNAL_ROOM, cap)
            + moved_left;
        self.path_peak = self.path_peak.max(used + moved_used + left);
        let others =
            self.dig.as_ref().map_or(0, |_| Dig::bytes()) + self.occupied.as_ref().map_or(0, Refined::found_bytes);
        if self.table.may_grow_in_place() {
            // The path keeps room to grow to four times its depth so far.
            self.table.grow_in_place(cap.saturating_sub(cap / BESIDE_THE_SEARCH + others + 4 * self.path_peak));
        }
        moved_room
            && self.frames.len() < self.frames.capacity()
            && self.moves.len() + MOVES_ROOM <= self.moves.capacity()
            && self.keys.len() + MOVES_ROOM <= self.keys.capacity()
            && self.effects.len() + EFFECTS_ROOM <= self.effects.capacity()
            && self.hasher.journal.len() + JOURNAL_ROOM <= self.hasher.journal.capacity()
            && self.table.peak_bytes() + self.path_peak + others <= self.max_memory_bytes
    }

    /// The table's key for the position on top of the path, reached by a move that left
    /// `awaited` for the next move to use, if it waits for its use.
    fn key(&self, awaited: Option<Awaited>) -> u64 {
        match awaited {
            None => self.hasher.value(),
            Some((left, went, _)) => self.hasher.awaiting(left, went),
        }
    }

    /// Works out the keys of the positions `moves[start..]` reach from the position on top of
    /// the path, and asks the processor to fetch their slots of the table. Looked up one by
    /// one as the search comes to them, each waits for memory (How They Run deal 176: over a
    /// quarter of the time); fetched together, they arrive side by side, and a position
    /// recorded already need not even be entered. Worth it only where most positions reached
    /// were recorded already (that deal: two in three), since each one entered is then
    /// made and hashed twice. A winning move is left `AHEAD_UNKNOWN`.
    fn look_ahead(&mut self, start: usize) {
        let rules = self.rules;
        let effects_start = self.effects.len();
        for i in start..self.moves.len() {
            self.state.apply_unchecked(self.moves[i], &mut self.effects);
            let effects = &self.effects[effects_start..];
            let ahead = if self.state.is_won() {
                AHEAD_UNKNOWN
            } else {
                touched(effects, &mut self.touched);
                let key = self.hasher.value_after(rules, &self.state, &self.touched);
                self.table.prefetch(key);
                match rules.awaited(&self.state, plain(effects)) {
                    None => stored(key),
                    Some(_) => stored(key) | AWAITED,
                }
            };
            self.state.undo(&self.effects[effects_start..]);
            self.effects.truncate(effects_start);
            self.keys.push(ahead);
        }
    }

    /// Searches on for at most `quota` nodes.
    pub(crate) fn run(&mut self, quota: u64) -> Step {
        let stop = self.nodes + quota;
        while self.nodes < stop {
            if !self.make_room() {
                return Step::OverMemory;
            }
            let Some(top) = self.frames.last_mut() else { return Step::Exhausted };
            if top.next == top.end {
                if !self.backtrack() {
                    return Step::Exhausted;
                }
                continue;
            }
            let (mv, ahead) = (self.moves[top.next as usize], self.keys[top.next as usize]);
            top.next += 1;
            let parent_awaited = top.awaited.is_some();
            if let Some(line) = self.try_move(mv, ahead, parent_awaited) {
                return Step::Won(line);
            }
        }
        Step::Running
    }

    /// Leaves the position on top of the path, explored: records what it cost and takes back
    /// the move into it. False when it was the root: the search is over.
    fn backtrack(&mut self) -> bool {
        let Some(top) = self.frames.pop() else { return false };
        // A position with one move to try costs one node to search again while the position
        // that move reaches is recorded: a table that must forget forgets it first. (How They
        // Run deal 591, in 64 MiB: 78,613,989 nodes instead of 95,522,346, where a table
        // holding every position takes 73,928,670.)
        let cost = if top.end - top.start == 1 { 1 } else { (self.nodes as u32).wrapping_sub(top.entered) };
        self.table.explored(top.key, cost);
        if let Some(refined) = &mut self.occupied {
            refined.left(self.frames.len());
        }
        self.moves.truncate(top.start as usize);
        self.keys.truncate(top.start as usize);
        if self.frames.is_empty() {
            return false;
        }
        self.take_back(top.effects_start as usize);
        true
    }

    /// Undoes the move whose effects begin at `effects_start`, the last on the path.
    fn take_back(&mut self, effects_start: usize) {
        self.state.undo(&self.effects[effects_start..]);
        self.hasher.revert(self.rules, &self.state, &self.effects[effects_start..]);
        self.effects.truncate(effects_start);
    }

    /// Tries `mv` from the position on top of the path (`ahead`: the key of the position it
    /// reaches, where worked out ahead; `parent_awaited`: whether that position came after a
    /// move that waits for its use). A position recorded before, or proved dead, is left at
    /// once; a new one goes on the path with its moves to try. The winning line, if `mv` wins.
    fn try_move(&mut self, mv: Move, ahead: u64, parent_awaited: bool) -> Option<Vec<Move>> {
        let rules = self.rules;
        self.nodes += 1;
        // A position worked out ahead and recorded already is not even entered.
        let recorded = match ahead {
            AHEAD_UNKNOWN => false,
            key if key & AWAITED != 0 => self.table.contains(key & !AWAITED),
            key => !self.table.insert(key),
        };
        if recorded {
            self.met += 1;
            return None;
        }
        let effects_start = self.effects.len();
        self.state.apply_unchecked(mv, &mut self.effects);
        if self.state.is_won() {
            return Some(self.frames.iter().map(|f| self.moves[f.next as usize - 1]).collect());
        }
        self.hasher.apply(rules, &self.state, &self.effects[effects_start..]);
        let plain = plain(&self.effects[effects_start..]);
        // After a move that waits for its use (rule 7) a position is explored only in part:
        // it is recorded apart, and skipped where it is recorded whole.
        let (awaited, key, new) = if ahead & AWAITED == 0 {
            (None, ahead, true)
        } else {
            let awaited = rules.awaited(&self.state, plain);
            let key = self.key(awaited);
            // (Worked out ahead, the position is known not to be recorded whole.)
            let new = if awaited.is_some() && ahead == AHEAD_UNKNOWN && self.table.contains(self.hasher.value()) {
                false
            } else {
                self.table.insert(key)
            };
            (awaited, key, new)
        };
        self.met += u64::from(!new);
        self.entered += u64::from(new);
        if new {
            self.note_moved(effects_start);
        }
        // A dead position (`deadlock.rs`) is as good as explored: no line from it wins.
        let effects = &self.effects[effects_start..];
        let dead = new
            && (super::deadlock::dead_after(rules, &self.state, effects)
                || super::deadlock::moved_onto_a_card(rules, &self.state, plain).is_some_and(|moved| {
                    dead_onto_a_card(&mut self.onto_card, rules, &self.state, moved, self.occupied.as_ref())
                })
                || (rules.turns_a_card(effects) && self.occupied_dead(false))
                || self.dig_dead(effects_start));
        if dead {
            self.table.explored(key, 1);
        }
        if !new || dead {
            self.take_back(effects_start);
            return None;
        }
        // Rule 3 goes back to the parent position only where that is recorded whole.
        let last = if parent_awaited { None } else { plain };
        let start = self.moves.len();
        self.generate(last, awaited);
        if self.met > self.entered && self.table.bytes() >= self.look_ahead_from {
            self.look_ahead(start);
        } else {
            self.keys.resize(self.moves.len(), AHEAD_UNKNOWN);
        }
        debug_assert!(self.moves.len() - start <= MOVES_ROOM && self.effects.len() - effects_start <= EFFECTS_ROOM);
        let [start, end, effects_start] = [start, self.moves.len(), effects_start].map(|i| i as u32);
        let entered = self.nodes as u32;
        self.frames.push(Frame { start, end, next: start, effects_start, entered, awaited, key });
        if let Some(refined) = &mut self.occupied {
            refined.entered(self.frames.len() - 1);
        }
        None
    }
}

/// The path's first buffers, each: a Dnieper deal's whole search, most others' (a vector as
/// large as the cap lets it grow costs a fresh mapping and its first pages for every search).
const FIRST_PATH_BYTES: usize = 64 << 10;

/// Makes room for `n` more elements in `v`, a path vector: when its first buffer is full, it
/// moves, once, into one as large as `max_bytes` lets it grow, never to be copied again (a copy
/// holds the old buffer and the new at once). Only the pages it touches take memory. Returns
/// the bytes of the buffer it left, which existed beside the new one.
fn room<T>(v: &mut Vec<T>, n: usize, max_bytes: usize) -> usize {
    let old = v.capacity() * std::mem::size_of::<T>();
    if v.len() + n <= v.capacity() || old >= max_bytes {
        return 0;
    }
    reserve(v, max_bytes);
    old
}

/// The bytes of `Dfs::keys` that hold a key for each move `move_bytes` of `Dfs::moves` hold.
fn keys_bytes(move_bytes: usize) -> usize {
    move_bytes / std::mem::size_of::<Move>() * std::mem::size_of::<u64>()
}

/// Makes `v` hold as many elements as `bytes` hold, or as many as the allocator grants.
fn reserve<T>(v: &mut Vec<T>, bytes: usize) {
    let mut n = bytes / std::mem::size_of::<T>();
    while n > v.capacity() && v.try_reserve_exact(n - v.len()).is_err() {
        n = (n / 2).max(v.capacity());
    }
}

/// tests need: its verdict and the positions it recorded (`Unknown` past `max_nodes`).
#[cfg(test)]
pub(crate) fn dfs_in_a_table_of(root: &State, slots: usize, max_nodes: u64) -> (Outcome, usize) {
    let rules = Rules::new(root.kind());
    let mut dfs = Dfs::new(&rules, root, 256 << 20, max_nodes, None);
    dfs.table = Table::new(slots * 12, u64::MAX);
    dfs.table.insert(dfs.hasher.value());
    let outcome = verdict(dfs.run(max_nodes));
    (outcome, dfs.table.len)
}

/// The sound DFS alone, passing what the refined relaxation finds down the path (`Refined`)
/// or not: its verdict within `max_nodes`, and its nodes.
#[cfg(test)]
pub(crate) fn dfs_passing_findings_down(root: &State, down: bool, max_nodes: u64) -> (Outcome, u64) {
    let rules = Rules::new(root.kind());
    let mut dfs = Dfs::new(&rules, root, 256 << 20, max_nodes, None);
    if let Some(refined) = dfs.occupied.as_mut().filter(|_| !down) {
        refined.kept = 0;
        refined.found.clear();
    }
    (verdict(dfs.run(max_nodes)), dfs.nodes)
}

/// What a DFS's last step tells, for the tests' searches of the DFS alone.
#[cfg(test)]
fn verdict(step: Step) -> Outcome {
    match step {
        Step::Won(line) => Outcome::Won(line),
        Step::Exhausted => Outcome::Unwinnable,
        Step::Running | Step::OverMemory => Outcome::Unknown,
    }
}

/// The sound DFS alone, looking ahead (`Dfs::look_ahead`) once its table holds
/// `look_ahead_from` bytes: its verdict, the positions it recorded, and how many positions
/// reached were met before and how many entered.
#[cfg(test)]
pub(crate) fn dfs_looking_ahead_from(
    root: &State,
    max_nodes: u64,
    look_ahead_from: usize,
) -> (Outcome, usize, u64, u64) {
    let rules = Rules::new(root.kind());
    let mut dfs = Dfs::new(&rules, root, 64 << 20, max_nodes, None);
    dfs.look_ahead_from = look_ahead_from;
    let outcome = verdict(dfs.run(max_nodes));
    (outcome, dfs.table.len, dfs.met, dfs.entered)
}

#[cfg(test)]
mod tests {
    use super::room;

    /// A path vector moves once, from its first buffer into one as large as the cap, keeping
    /// its elements; at the cap it stays, and the caller sees it full.
    #[test]
    fn path_vectors_move_once_into_the_cap() {
        let mut v: Vec<u32> = Vec::with_capacity(16);
        v.extend(0..16);
        assert_eq!(room(&mut v, 1, 4096), 64);
        assert_eq!((v.capacity(), v.len()), (1024, 16));
        assert!(v.iter().copied().eq(0..16));
        v.resize(1024, 7);
        assert_eq!(room(&mut v, 1, 4096), 0);
        assert_eq!(v.capacity(), 1024);
        assert_eq!(room(&mut v, 0, 4096), 0);
    }
}
