#include <sqlite3.h>

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

// Skips the checkpoint SQLite runs when the last connection to a WAL database closes:
// three fdatasyncs and an unlink, most of a small edit's time. The WAL is checkpointed
// as it grows (wal_autocheckpoint) and explicitly after bulk operations.
static inline int csqlite_no_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}
