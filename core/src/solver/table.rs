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
pub(crate) struct Table {
    slots: Vec<u64>,
    pub(crate) len: usize,
    max_slots: usize,
}

/// The first table size: 512 KiB.
const FIRST_SLOTS: usize = 1 << 16;
/// A slot's low 60 bits hold the key, its top 4 bits the cost class: 0 while its position is
/// being explored, then 1 + log4 of the nodes its exploration took (at most 15).
const KEY_BITS: u64 = (1 << 60) - 1;

/// `key` as a slot holds it: its low 60 bits, never 0 (the empty slot).
pub(crate) fn stored(key: u64) -> u64 {
    (key & KEY_BITS).max(1)
}

impl Table {
    pub(crate) fn new(max_memory_bytes: usize, max_nodes: u64) -> Table {
        let max_slots = Table::max_slots(max_memory_bytes, max_nodes);
        Table { slots: vec![0; max_slots.min(FIRST_SLOTS)], len: 0, max_slots }
    }

    /// The most slots a table may grow to within `max_memory_bytes`, for a search of
    /// `max_nodes`: a power of two.
    fn max_slots(max_memory_bytes: usize, max_nodes: u64) -> usize {
        // While doubling, old and new tables coexist: 1.5 times the final size must fit the cap.
        let by_memory = (max_memory_bytes / 12).max(64);
        // Room for every node at a load of a half or less.
        let by_nodes = usize::try_from(max_nodes.saturating_mul(4)).unwrap_or(usize::MAX).max(64);
        let wanted = by_memory.min(by_nodes);
        1usize << (usize::BITS - 1 - wanted.leading_zeros())
    }

    /// Lets the table grow on, up to what `max_memory_bytes` allows (never less than now).
    pub(crate) fn widen(&mut self, max_memory_bytes: usize, max_nodes: u64) {
        self.max_slots = self.max_slots.max(Table::max_slots(max_memory_bytes, max_nodes));
    }

    /// Whether the table has grown as far as it may and is as full as a table that would
    /// double: from now on it forgets positions to make room.
    pub(crate) fn at_cap(&self) -> bool {
        self.slots.len() >= self.max_slots && self.len * 2 >= self.slots.len()
    }

    /// Whether `key` is recorded.
    pub(crate) fn contains(&self, key: u64) -> bool {
        self.find(stored(key)).is_some()
    }

    /// The slot holding `key` (as `stored` makes it), if any: nothing is ever deleted, so no
    /// empty slot lies between a key's home and the key.
    fn find(&self, key: u64) -> Option<usize> {
        let mask = self.slots.len() - 1;
        let mut i = Self::home(key, mask);
        for _ in 0..PROBES {
            match self.slots[i] {
                0 => return None,
                there if there & KEY_BITS == key => return Some(i),
                _ => i = (i + 1) & mask,
            }
        }
        None
    }

    /// Records `key` as being explored; false when it was already there. When the key's
    /// neighbourhood holds only positions being explored (at the memory cap), it is not
    /// recorded, which is safe (see the module comment).
    pub(crate) fn insert(&mut self, key: u64) -> bool {
        if self.len * 2 >= self.slots.len() && self.slots.len() < self.max_slots {
            let doubled = vec![0; self.slots.len() * 2];
            let old = std::mem::replace(&mut self.slots, doubled);
            self.len = 0;
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

    /// The slot where a look for `key` starts: read from bit 7 up, so that a position's keys
    /// for rule 7 (`Hasher::awaiting`, which differ only above `AWAITING_SHIFT`) start there too.
    fn home(key: u64, mask: usize) -> usize {
        (key >> 7) as usize & mask
    }

    /// Places `slot` (a key, with its class) unless its key is there already.
    fn place(&mut self, slot: u64) -> bool {
        let key = slot & KEY_BITS;
        let mask = self.slots.len() - 1;
        let mut i = Self::home(key, mask);
        // The cheapest explored position met: (class, slot index).
        let mut victim: Option<(u64, usize)> = None;
        for _ in 0..PROBES {
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
            i = (i + 1) & mask;
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
        let slot: *const u64 = &self.slots[Self::home(stored(key), self.slots.len() - 1)];
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
        if self.slots.len() < self.max_slots {
            3 * self.bytes()
        } else {
            self.bytes()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Table, PROBES};

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
}
