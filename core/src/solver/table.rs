//! The transposition table: open addressing over 60-bit keys, each with what exploring its
//! position cost, shared by the DFS (`dfs.rs`) and the beam (`beam.rs`).
//!
//! Why a visited set is enough, and stays sound when full: plain graph search. Every position
//! entered goes in the table; a position met again is skipped, because it is either on the
//! current path (a cycle: its exploration is under way) or fully explored without a win. So
//! if a win is reachable, the search reaches one. When the table is full a new position
//! takes the place of an explored one, the one that cost least to explore, or, when every
//! position near it is on the path, is not recorded. Either way a position forgotten may be
//! explored again (more work, never a lost branch), and an endless cycle through unrecorded
//! positions only runs into the node limit (`Unknown`). Positions on the path are never
//! forgotten.

/// Linear probes before a full neighbourhood counts as a full table.
pub(crate) const PROBES: usize = 16;

/// Open addressing over 60-bit keys, each with what exploring its position cost; 0 marks an
/// empty slot. It starts small (cache-friendly, cheap for easy deals) and doubles at half load
/// up to its cap. Full, it keeps what would cost most to search again: a new position takes
/// the slot of the cheapest explored one in its neighbourhood. A position still being explored
/// (on the search path, or a beam's) is never evicted.
///
/// A look for a key starts at its *home*, one of `homes` slots, and goes on through at most
/// `PROBES` slots; `PROBES - 1` more slots follow the homes, so that no look wraps around. The
/// home is read from the key's bits 7 to 44: while the table doubles, the low ones (`homes` a
/// power of two); once it has grown where it lies (`grow_in_place`), all of them scaled to
/// `homes`, a home that grows with those bits, so that a table laid out in their order has
/// every key at its home or just after.
pub(crate) struct Table {
    slots: Vec<u64>,
    homes: usize,
    pub(crate) len: usize,
    /// The most homes doubling may reach: old and new tables must both fit the cap meanwhile.
    max_homes: usize,
    /// Whether it has grown where it lies: homes are scaled, not masked.
    scaled: bool,
    /// The most homes the last growth, in place, may reach once `widen` allows it: what the
    /// cap alone allows. The table that reaches `max_homes` is made with room for them
    /// (address space only: pages are taken as they are written).
    room_homes: usize,
}

/// The first table size: 512 KiB.
const FIRST_HOMES: usize = 1 << 16;
/// A slot's low 60 bits hold the key, its top 4 bits the cost class: 0 while its position is
/// being explored, then 1 + log4 of the nodes its exploration took (at most 15).
const KEY_BITS: u64 = (1 << 60) - 1;
/// The key's bits a home is worked out from: 7 to 44, below `hash::AWAITING_SHIFT`, so that a
/// position's keys for rule 7 (`Hasher::awaiting`, which differ only from there up) have the
/// position's own home.
const HOME_SHIFT: u32 = 7;
const HOME_BITS: u32 = 38;

/// `key` as a slot holds it: its low 60 bits, never 0 (the empty slot).
pub(crate) fn stored(key: u64) -> u64 {
    (key & KEY_BITS).max(1)
}

/// The bits of `slot`'s key its home is read from.
fn home_bits(slot: u64) -> u64 {
    slot >> HOME_SHIFT & ((1 << HOME_BITS) - 1)
}

/// Where a look for `key` (or a slot holding it) starts in a table of `homes` homes, grown
/// where it lies: the bits scaled to `homes`, so it grows with them.
fn scaled_home(key: u64, homes: usize) -> usize {
    ((u128::from(home_bits(key)) * homes as u128) >> HOME_BITS) as usize
}

impl Table {
    pub(crate) fn new(max_memory_bytes: usize, max_nodes: u64) -> Table {
        let (max_homes, _) = Table::max_homes(max_memory_bytes, max_nodes);
        // No room to grow in place until `widen` allows it.
        let homes = max_homes.min(FIRST_HOMES);
        Table { slots: vec![0; homes + PROBES - 1], homes, len: 0, max_homes, scaled: false, room_homes: max_homes }
    }

    /// The most homes a table may double to within `max_memory_bytes`, for a search of
    /// `max_nodes` (a power of two), and the most it may then grow to in place.
    fn max_homes(max_memory_bytes: usize, max_nodes: u64) -> (usize, usize) {
        // Room for every node at a load of a half or less.
        let by_nodes = usize::try_from(max_nodes.saturating_mul(4)).unwrap_or(usize::MAX).max(64);
        // While doubling, old and new tables coexist: 1.5 times the final size must fit the cap.
        let wanted = (max_memory_bytes / 12).max(64).min(by_nodes);
        let doubling = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        (doubling, (max_memory_bytes / 8).min(by_nodes).max(doubling))
    }

    /// Slots for a table of `homes` homes, all empty; with room to grow in place to
    /// `room_homes` if doubling can go no further.
    fn empty(&self, homes: usize) -> Vec<u64> {
        if homes < self.max_homes || self.room_homes <= homes {
            // Zeroed by the allocator, page by page as they are first touched.
            return vec![0; homes + PROBES - 1];
        }
        let mut slots = Vec::with_capacity(self.room_homes + PROBES - 1);
        slots.resize(homes + PROBES - 1, 0);
        slots
    }

    /// Lets the table grow on, up to what `max_memory_bytes` allows (never less than now),
    /// doubling and then where it lies (`grow_in_place`): for a search whose memory will not
    /// be widened again.
    pub(crate) fn widen(&mut self, max_memory_bytes: usize, max_nodes: u64) {
        let (max_homes, room_homes) = Table::max_homes(max_memory_bytes, max_nodes);
        self.max_homes = self.max_homes.max(max_homes);
        self.room_homes = self.room_homes.max(room_homes);
    }

    /// Whether the table has grown as far as it may and is as full as a table that would
    /// double: from now on it forgets positions to make room.
    pub(crate) fn at_cap(&self) -> bool {
        self.full_as_doubled_as_may_be() && !self.room_in_place()
    }

    /// Whether the table has doubled as far as it may, is as full as a table that would double,
    /// and was made with room to grow where it lies (`grow_in_place`).
    pub(crate) fn may_grow_in_place(&self) -> bool {
        self.full_as_doubled_as_may_be() && self.room_in_place()
    }

    fn full_as_doubled_as_may_be(&self) -> bool {
        self.homes >= self.max_homes && self.len * 2 >= self.homes
    }

    /// Whether it may grow where it lies, and was made with room for that.
    fn room_in_place(&self) -> bool {
        self.room_homes > self.homes && self.slots.capacity() >= self.homes + PROBES
    }

    /// Grows the table where it lies, to as many homes as `max_bytes` holds within the room it
    /// was made with, when doubling can go no further (a table laid out anew beside the old
    /// one would not fit the cap). Its positions, sorted by the bits their homes grow with,
    /// are laid out again in that order, each at its home or just after the one before; one
    /// that would land `PROBES` or more slots past its home is placed afterwards as a new one
    /// is (where its neighbourhood is full, it takes the place of the cheapest explored
    /// position there, or, explored itself, may be forgotten). No growth after it.
    /// (Sorting costs a fraction of a second, once, in a search that has run for seconds.)
    pub(crate) fn grow_in_place(&mut self, max_bytes: usize) {
        let homes = (max_bytes / 8).saturating_sub(PROBES - 1).min(self.slots.capacity() - (PROBES - 1));
        if homes <= self.homes {
            return;
        }
        let old = self.slots.len();
        self.slots.resize(homes + PROBES - 1, 0);
        let total = self.slots.len();
        let slots = &mut self.slots[..];
        slots[..old].sort_unstable_by_key(|&slot| if slot == 0 { u64::MAX } else { home_bits(slot) });
        let n = slots[..old].partition_point(|&slot| slot != 0);
        // To the end first, so that laying them out from the start never writes over one not
        // yet laid out: each lands at or before where it was moved to, or is set aside.
        for i in (0..n).rev() {
            slots[total - n + i] = std::mem::take(&mut slots[i]);
        }
        let (mut next, mut kept, mut aside) = (0, 0, Vec::new());
        for from in total - n..total {
            let slot = std::mem::take(&mut slots[from]);
            let first = scaled_home(slot, homes);
            let at = first.max(next);
            if at - first >= PROBES || at > from {
                aside.push(slot);
                continue;
            }
            slots[at] = slot;
            (next, kept) = (at + 1, kept + 1);
        }
        (self.homes, self.len, self.max_homes, self.room_homes, self.scaled) = (homes, kept, homes, homes, true);
        for slot in aside {
            self.place(slot);
        }
    }

    /// Whether `key` is recorded.
    pub(crate) fn contains(&self, key: u64) -> bool {
        self.find(stored(key)).is_some()
    }

    /// The slot holding `key` (as `stored` makes it), if any: nothing is ever deleted, so no
    /// empty slot lies between a key's home and the key.
    fn find(&self, key: u64) -> Option<usize> {
        let first = self.home(key);
        for (i, &there) in self.slots[first..first + PROBES].iter().enumerate() {
            match there {
                0 => return None,
                there if there & KEY_BITS == key => return Some(first + i),
                _ => {}
            }
        }
        None
    }

    /// Where a look for `key` (or a slot holding it) starts.
    fn home(&self, key: u64) -> usize {
        if self.scaled {
            scaled_home(key, self.homes)
        } else {
            home_bits(key) as usize & (self.homes - 1)
        }
    }

    /// Records `key` as being explored; false when it was already there. When the key's
    /// neighbourhood holds only positions being explored (at the memory cap), it is not
    /// recorded, which is safe (see the module comment).
    pub(crate) fn insert(&mut self, key: u64) -> bool {
        if self.len * 2 >= self.homes && self.homes < self.max_homes {
            let homes = (self.homes * 2).min(self.max_homes);
            let fresh = self.empty(homes);
            let old = std::mem::replace(&mut self.slots, fresh);
            (self.homes, self.len) = (homes, 0);
            for slot in old.into_iter().filter(|&k| k != 0) {
                self.place(slot);
            }
        }
        self.place(stored(key))
    }

    /// Notes that exploring `key`'s position is over and took `nodes` nodes (mod 2³²: a
    /// wrong count past that only misplaces it among the candidates): from now on it may make
    /// room for a new one, the sooner the cheaper.
    pub(crate) fn explored(&mut self, key: u64, nodes: u32) {
        let key = stored(key);
        let class = (1 + nodes.max(1).ilog2() / 2).min(15);
        if let Some(i) = self.find(key) {
            self.slots[i] = key | u64::from(class) << 60;
        }
    }

    /// Places `slot` (a key, with its class) unless its key is there already.
    fn place(&mut self, slot: u64) -> bool {
        let key = slot & KEY_BITS;
        let first = self.home(key);
        // The cheapest explored position met: (class, slot index).
        let mut victim: Option<(u64, usize)> = None;
        for i in first..first + PROBES {
            let there = self.slots[i];
            if there & KEY_BITS == key {
                return false;
            }
            if there == 0 {
                self.slots[i] = slot;
                self.len += 1;
                return true;
            }
            let class = there >> 60;
            if class != 0 && victim.is_none_or(|(c, _)| class < c) {
                victim = Some((class, i));
            }
        }
        // Full here: no empty slot lies between a key's home and the key (nothing is ever
        // deleted), so the key is nowhere else, and overwriting keeps that true.
        if let Some((_, i)) = victim {
            self.slots[i] = slot;
        }
        true
    }

    /// Asks the processor to fetch the slot where a look for `key` starts: a hint, which
    /// changes nothing else (and nothing at all elsewhere than on x86-64 and AArch64).
    pub(crate) fn prefetch(&self, key: u64) {
        let slot: *const u64 = &self.slots[self.home(stored(key))];
        #[cfg(target_arch = "x86_64")]
        // SAFETY: a prefetch never faults and writes nothing; `slot` points into `slots` anyway.
        unsafe {
            std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(slot.cast())
        };
        #[cfg(target_arch = "aarch64")]
        // SAFETY: as above; PRFM only hints at a load.
        unsafe {
            std::arch::asm!("prfm pldl1keep, [{0}]", in(reg) slot, options(nostack, readonly, preserves_flags))
        };
        #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
        let _ = slot;
    }

    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * 8
    }

    /// The most the table may hold before it is asked again: while it doubles, the old slots
    /// and the new ones (three times the present size).
    pub(crate) fn peak_bytes(&self) -> usize {
        if self.homes < self.max_homes {
            3 * self.bytes()
        } else {
            self.bytes()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Table, KEY_BITS, PROBES};
    use crate::solver::hash::mix;

    /// Keys that all start looking at the same slot: `n` of them fill its neighbourhood.
    fn neighbours(n: u64) -> impl Iterator<Item = u64> {
        (1..=n).map(|i| i << 20 | 5 << 7)
    }

    /// A full neighbourhood gives the slot of its cheapest explored position to a new one, and
    /// never one being explored.
    #[test]
    fn a_full_table_forgets_the_cheapest_explored_position() {
        let mut table = Table::new(0, u64::MAX);
        let keys: Vec<u64> = neighbours(PROBES as u64 + 3).collect();
        let (full, extra) = keys.split_at(PROBES);
        assert!(full.iter().all(|&k| table.insert(k)));
        // All being explored: the new position goes unrecorded, and the old ones stay.
        assert!(table.insert(extra[0]) && table.insert(extra[0]));
        assert!(full.iter().all(|&k| !table.insert(k)));
        table.explored(full[3], 1_000_000);
        table.explored(full[7], 20);
        table.explored(full[9], 3);
        assert!(table.insert(extra[1]));
        assert!(!table.insert(extra[1]), "the new position is recorded");
        // Asking is inserting: each forgotten position comes back, in the place of the next
        // cheapest, until none explored is left.
        assert!(table.insert(full[9]), "the cheapest went");
        assert!(table.insert(full[7]), "then the 20-node one");
        assert!(table.insert(full[3]) && table.insert(full[3]), "then the costliest, and none is left");
        assert!([extra[1], full[9], full[7]].iter().all(|&k| !table.insert(k)));
        assert!(full.iter().enumerate().filter(|&(i, _)| ![3, 7, 9].contains(&i)).all(|(_, &k)| !table.insert(k)));
        assert_eq!(table.len, PROBES);
    }

    /// A table that doubles to 1,024 homes at most (old and new together within 12 bytes a
    /// home) and may then grow in place to 1,536, filled with `keys` until it can double no
    /// further: each explored, at a class of its own, unless `being_explored` says not.
    fn filled(keys: &[u64], being_explored: impl Fn(usize) -> bool) -> Table {
        let mut table = Table::new(512 * 12, u64::MAX);
        table.widen(1024 * 12, u64::MAX);
        for (i, &key) in keys.iter().enumerate() {
            assert!(table.insert(key));
            if !being_explored(i) {
                table.explored(key, 1 << (i % 30));
            }
        }
        assert_eq!((table.homes, table.len, table.room_homes), (1024, 512, 1536));
        assert!(keys.iter().all(|&k| table.contains(k)) && table.may_grow_in_place() && !table.at_cap());
        table
    }

    /// Every slot holding a key lies within `PROBES` of the key's home, with none empty between.
    fn laid_out_for_looks(table: &Table) -> bool {
        (0..table.slots.len()).filter(|&i| table.slots[i] != 0).all(|i| {
            let home = table.home(table.slots[i]);
            home <= i && i - home < PROBES && table.slots[home..i].iter().all(|&s| s != 0)
        })
    }

    fn held(table: &Table) -> Vec<u64> {
        let mut slots: Vec<u64> = table.slots.iter().copied().filter(|&s| s != 0).collect();
        slots.sort_unstable();
        slots
    }

    /// Grown where it lies, a table keeps every position it held, with its class, each where a
    /// look finds it, and has room for more; it grows no further.
    #[test]
    fn a_table_grown_in_place_keeps_its_positions() {
        let keys: Vec<u64> = (1..=512).map(|i| mix(i) & KEY_BITS).collect();
        let mut table = filled(&keys, |i| i % 7 == 0);
        let (before, room) = (held(&table), table.slots.capacity());
        table.grow_in_place(1536 * 8);
        assert_eq!(table.homes, 1536 - (PROBES - 1));
        assert_eq!(table.slots.capacity(), room, "it grew where it lay");
        assert_eq!(held(&table), before);
        assert_eq!(table.len, 512);
        assert!(keys.iter().all(|&k| table.contains(k)) && laid_out_for_looks(&table));
        assert!(!table.may_grow_in_place() && !table.at_cap());
        assert!(table.insert(mix(10_000) & KEY_BITS) && table.contains(mix(10_000) & KEY_BITS));
    }

    /// Where more keys have one home in the grown table than a look passes, the explored ones
    /// out of reach are forgotten, and those being explored kept (in the place of the
    /// cheapest explored), as a full table does: in the middle of the table, and at its end,
    /// where they are laid out after all the others.
    #[test]
    fn a_table_grown_in_place_forgets_only_explored_positions_out_of_reach() {
        for base in [77 << 27, (1 << 38) - 64] {
            // Twenty keys with one home once scaled to 1,521 homes, apart while masked to
            // 1,024; then others well away from them either way.
            let crowd: Vec<u64> = (1..=20u64).map(|i| (base + i) << 7).collect();
            let (scaled, masked) = (super::scaled_home(crowd[0], 1521), super::home_bits(crowd[0]) & 1023);
            let away = |k: &u64| {
                super::scaled_home(*k, 1521).abs_diff(scaled) > 2 * PROBES
                    && (super::home_bits(*k) & 1023).abs_diff(masked) > 3 * PROBES as u64
            };
            // The crowd last, once the table has doubled to 1,024 homes.
            let keys: Vec<u64> = (1..).map(|i| mix(i) & KEY_BITS).filter(away).take(492).chain(crowd.clone()).collect();
            // The last four of the crowd, and one in three of the first sixteen, being explored.
            let being_explored = |i: usize| i >= 16 || i.is_multiple_of(3);
            let mut table = filled(&keys, |i| i >= 492 && being_explored(i - 492));
            table.grow_in_place(1536 * 8);
            assert!(laid_out_for_looks(&table) && table.len == held(&table).len());
            let (kept, gone): (Vec<usize>, Vec<usize>) = (0..20).partition(|&i| table.contains(crowd[i]));
            assert_eq!(kept.len(), PROBES, "{base}");
            assert!(gone.iter().all(|&i| !being_explored(i)), "{base}: {gone:?}");
            assert!(keys[..492].iter().all(|&k| table.contains(k)), "{base}");
        }
    }
}
