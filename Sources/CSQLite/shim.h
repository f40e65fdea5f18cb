#include <sqlite3.h>
#include <stdint.h>
#include <time.h>

// SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which Swift
// cannot import; expose it as a function instead.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

// sqlite3_config is variadic, which Swift cannot call. Turning memory statistics off
// removes a global mutex from every allocation (measurable on bulk inserts); it must run
// before SQLite is initialized, so LayoutStore calls it before opening the first file.
static inline int csqlite_disable_memstatus(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

// sqlite3_db_config is variadic too. Turns this connection's triggers on or off (other
// connections keep theirs); SQLite re-prepares statements compiled under the old setting.
// Returns SQLITE_OK, and in *now whether triggers are on afterwards.
static inline int csqlite_enable_triggers(sqlite3 *db, int on, int *now) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, on, now);
}

// Skips the checkpoint SQLite runs when the last connection to a WAL database closes,
// which also deletes the -wal and -shm files that the next process then makes again.
// `Database.close()` checkpoints what the connection wrote itself, and turns this back
// on (csqlite_checkpoint_on_close) for a connection that found no log and wrote nothing.
static inline int csqlite_no_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

static inline int csqlite_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 0, (int *)0);
}

// The commit hook of csqlite_truncate_log_at. `limit` holds the page count in its low 32
// bits and the connection's busy timeout in milliseconds above them (the hook has one
// pointer-sized argument, and this way nothing needs freeing).
static int csqlite_truncating_checkpoint(void *limit, sqlite3 *db, const char *schema, int pages) {
    intptr_t packed = (intptr_t)limit;
    if (pages >= (int)(packed & 0x7FFFFFFF)) {
        // Without waiting for readers: a busy reader postpones the truncation to a
        // later commit instead of holding up this one.
        sqlite3_busy_handler(db, 0, 0);
        sqlite3_wal_checkpoint_v2(db, schema, SQLITE_CHECKPOINT_TRUNCATE, 0, 0);
        sqlite3_busy_timeout(db, (int)(packed >> 32));
    }
    return SQLITE_OK;
}

// After a commit that leaves `pages` or more in the write-ahead log, checkpoints the log
// and truncates it; replaces SQLite's automatic checkpoint. That one is PASSIVE: it
// leaves the log in place for the next writer to start over, which only a connection
// that saw the checkpoint does. Every layoutdb command is a new process whose first
// connection rebuilds the log's index from the file (reading every page of it) and
// forgets what was checkpointed, so the log would grow with every edit, and every
// command would read all of it.
static inline void csqlite_truncate_log_at(sqlite3 *db, int pages, int busyMilliseconds) {
    intptr_t packed = ((intptr_t)busyMilliseconds << 32) | (intptr_t)pages;
    sqlite3_wal_hook(db, csqlite_truncating_checkpoint, (void *)packed);
}

// The busy handler of every connection: retries a lock every millisecond (two after the
// first twenty tries) until the pauses add up to `limit` milliseconds. SQLite's own
// (sqlite3_busy_timeout) pauses 1, 2, 5, 10, ... then 100 ms between tries, so a writer
// that has waited a third of a second looks again only every 100 ms, and writers that
// arrive meanwhile take the lock first: with five writers at once an edit could wait
// seconds for a lock held some fifty milliseconds at a time. As SQLite's does, it counts
// the pauses it asked for (`count` is the tries so far), not the clock.
static int csqlite_busy_wait(void *limit, int count) {
    long long paused = count < 20 ? count : 20 + 2LL * (count - 20);
    if (paused >= (intptr_t)limit) return 0;
    struct timespec pause = {0, (count < 20 ? 1 : 2) * 1000000L};
    nanosleep(&pause, 0);
    return 1;
}

// Sets csqlite_busy_wait with a limit of `milliseconds` (0: fail at once, no handler).
static inline void csqlite_set_busy_wait(sqlite3 *db, int milliseconds) {
    if (milliseconds <= 0) {
        sqlite3_busy_handler(db, 0, 0);
    } else {
        sqlite3_busy_handler(db, csqlite_busy_wait, (void *)(intptr_t)milliseconds);
    }
}

// Starts writing a database file's dirty pages from the page cache to the disk, without
// waiting for them (Linux's sync_file_range with SYNC_FILE_RANGE_WRITE): the fsync that
// comes later then finds them written or under way. Swift's Glibc module does not export
// sync_file_range, and syscall is variadic. Returns 0, or -1 with errno; elsewhere than
// Linux it does nothing.
#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
static inline int csqlite_start_writeback(int fd) {
    return (int)syscall(SYS_sync_file_range, fd, (long long)0, (long long)0, 2u);
}
#else
static inline int csqlite_start_writeback(int fd) {
    (void)fd;
    return 0;
}
#endif
