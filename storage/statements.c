#include "statements.h"

const char *const statement_names[STMT_COUNT] = {
#define STMT(name, sql) #name,
#include "statements.def"
#undef STMT
};

const char *const statement_sql[STMT_COUNT] = {
#define STMT(name, sql) sql,
#include "statements.def"
#undef STMT
};
