#include "view_cache.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#define ID_MAX 64

struct slot {
    pthread_mutex_t mu;
    char game_id[ID_MAX];
    char viewer[ID_MAX];
    int64_t version;
    int seat;
    char *body;
    size_t len;
};

struct view_cache {
    size_t n;
    struct slot *slots;
    /* a view asks once (view_cache_version) and is a hit when it gets a
     * body: misses are the difference */
    atomic_ulong lookups, hits;
};

struct view_cache *view_cache_new(size_t slots)
{
    struct view_cache *vc = calloc(1, sizeof *vc);

    if (!vc)
        return NULL;
    if (slots && !(vc->slots = calloc(slots, sizeof *vc->slots))) {
        free(vc);
        return NULL;
    }
    vc->n = slots;
    for (size_t i = 0; i < slots; i++)
        pthread_mutex_init(&vc->slots[i].mu, NULL);
    return vc;
}

void view_cache_free(struct view_cache *vc)
{
    if (!vc)
        return;
    for (size_t i = 0; i < vc->n; i++) {
        pthread_mutex_destroy(&vc->slots[i].mu);
        free(vc->slots[i].body);
    }
    free(vc->slots);
    free(vc);
}

/* FNV-1a over both keys; NULL when the cache is off or a key is too long. */
static struct slot *slot_for(struct view_cache *vc, const char *game_id,
                             const char *viewer)
{
    uint64_t h = 0xcbf29ce484222325u;

    if (!vc || !vc->n || strlen(game_id) >= ID_MAX || strlen(viewer) >= ID_MAX)
        return NULL;
    for (const char *p = game_id; *p; p++)
        h = (h ^ (unsigned char)*p) * 0x100000001b3u;
    h = (h ^ '/') * 0x100000001b3u;
    for (const char *p = viewer; *p; p++)
        h = (h ^ (unsigned char)*p) * 0x100000001b3u;
    return &vc->slots[h % vc->n];
}

static int holds(const struct slot *s, const char *game_id, const char *viewer)
{
    return s->body && strcmp(s->game_id, game_id) == 0 &&
           strcmp(s->viewer, viewer) == 0;
}

int64_t view_cache_version(struct view_cache *vc, const char *game_id,
                           const char *viewer)
{
    struct slot *s = slot_for(vc, game_id, viewer);
    int64_t v = -1;

    if (!s)
        return -1;
    atomic_fetch_add(&vc->lookups, 1);
    pthread_mutex_lock(&s->mu);
    if (holds(s, game_id, viewer))
        v = s->version;
    pthread_mutex_unlock(&s->mu);
    return v;
}

char *view_cache_get(struct view_cache *vc, const char *game_id,
                     const char *viewer, int64_t version, int seat,
                     size_t *len)
{
    struct slot *s = slot_for(vc, game_id, viewer);
    char *out = NULL;

    if (!s)
        return NULL;
    pthread_mutex_lock(&s->mu);
    if (holds(s, game_id, viewer) && s->version == version && s->seat == seat &&
        (out = malloc(s->len + 1))) {
        memcpy(out, s->body, s->len + 1);
        *len = s->len;
    }
    pthread_mutex_unlock(&s->mu);
    if (out)
        atomic_fetch_add(&vc->hits, 1);
    return out;
}

void view_cache_put(struct view_cache *vc, const char *game_id,
                    const char *viewer, int64_t version, int seat,
                    const char *body, size_t len)
{
    struct slot *s = slot_for(vc, game_id, viewer);
    char *copy;

    if (!s || !(copy = malloc(len + 1)))
        return;
    memcpy(copy, body, len);
    copy[len] = 0;
    pthread_mutex_lock(&s->mu);
    if (holds(s, game_id, viewer) && s->version > version) {
        /* a slower request rendered an older version: keep the newer */
        pthread_mutex_unlock(&s->mu);
        free(copy);
        return;
    }
    free(s->body);
    strcpy(s->game_id, game_id);
    strcpy(s->viewer, viewer);
    s->version = version;
    s->seat = seat;
    s->body = copy;
    s->len = len;
    pthread_mutex_unlock(&s->mu);
}

void view_cache_counts(struct view_cache *vc, unsigned long *hits,
                       unsigned long *misses)
{
    unsigned long h = vc ? atomic_load(&vc->hits) : 0;

    *hits = h;
    *misses = vc ? atomic_load(&vc->lookups) - h : 0;
}
