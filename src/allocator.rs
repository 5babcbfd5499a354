//! The binary's memory allocator: mimalloc, or the C library's malloc when the
//! environment says `TICKET_AGENT_ALLOCATOR=system`.
//!
//! A ticket through the worker makes about 530 allocations and as many frees. Under
//! glibc's malloc, with hundreds of tickets in flight on a few threads, they cost a
//! quarter of the worker's instructions: about 190 instructions a malloc and 230 a free
//! (callgrind, docs/benchmarks.md, (b)), where mimalloc's thread-local free lists take a
//! few dozen. The C library's allocator stays one variable away because heap profilers
//! (heaptrack, valgrind's dhat) see only malloc; `ticket-agent-lab heap` sets it.
//!
//! mimalloc is built without transparent huge pages (`no_thp`): with them, whole 2 MiB
//! pages of sparsely used memory counted in the worker's RSS, 221 MiB at the peak of
//! (c′) against 189 without (`MIMALLOC_ALLOW_THP=1` turns them back on).
//!
//! The choice is made at the first allocation, before any thread exists, and never
//! changes, so every block goes back to the allocator that made it. It is read with
//! `getenv`, which does not allocate (`std::env` would, from inside the allocator).

use std::alloc::{GlobalAlloc, Layout, System};
use std::ffi::CStr;
use std::sync::atomic::{AtomicU8, Ordering};

use mimalloc::MiMalloc;

/// The variable that picks the C library's allocator (`system`).
pub const ENV: &CStr = c"TICKET_AGENT_ALLOCATOR";

const UNDECIDED: u8 = 0;
const MIMALLOC: u8 = 1;
const SYSTEM: u8 = 2;

static CHOICE: AtomicU8 = AtomicU8::new(UNDECIDED);

/// The global allocator the `ticket-agent` binary installs.
pub struct Allocator;

/// The allocator every call goes to.
#[inline]
fn chosen() -> &'static dyn GlobalAlloc {
    let system = match CHOICE.load(Ordering::Relaxed) {
        MIMALLOC => false,
        SYSTEM => true,
        _ => decide(),
    };
    if system { &System } else { &MiMalloc }
}

#[cold]
fn decide() -> bool {
    // SAFETY: `ENV` is a valid C string; nothing sets variables before `main` runs, and
    // the first allocation comes before any thread that could.
    let value = unsafe { libc::getenv(ENV.as_ptr()) };
    // SAFETY: a non-null `getenv` result is a valid C string.
    let system = !value.is_null() && unsafe { CStr::from_ptr(value) }.to_bytes() == b"system";
    CHOICE.store(if system { SYSTEM } else { MIMALLOC }, Ordering::Relaxed);
    system
}

// SAFETY: every call goes to one of two sound allocators, the same one for the whole
// process (see the module's comment), so a block is freed or grown by the one that made it.
unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        unsafe { chosen().alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        unsafe { chosen().alloc_zeroed(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract, passed on.
        unsafe { chosen().dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        unsafe { chosen().realloc(ptr, layout, new_size) }
    }
}
