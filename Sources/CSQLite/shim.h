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
