#include "app.h"

#include <time.h>

int64_t app_now(void)
{
    return (int64_t)time(NULL);
}
