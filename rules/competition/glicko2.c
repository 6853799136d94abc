/*
 * glicko2.c - one rating period of one player, in the order of the steps
 * of Glickman's "Example of the Glicko-2 system" (docs/ratings.md).
 */
#include "glicko2.h"

#include <math.h>
#include <stddef.h>

#define SCALE 173.7178     /* Glicko points per Glicko-2 unit */
#define EPSILON 0.000001   /* the paper's convergence tolerance */
#define PI 3.14159265358979323846
/*
 * The Illinois iteration converges in a handful of steps; the bounds only
 * keep a pure function finite on inputs no real period produces.
 */
#define MAX_ITERATIONS 1000

void glicko2_initial(struct glicko2 *p)
{
    p->rating = GLICKO2_RATING;
    p->rd = GLICKO2_RD;
    p->volatility = GLICKO2_VOLATILITY;
}

bool glicko2_provisional(const struct glicko2 *p)
{
    return p->rd > GLICKO2_PROVISIONAL_RD;
}

static bool rating_valid(const struct glicko2 *p)
{
    return isfinite(p->rating) && isfinite(p->rd) && p->rd > 0 &&
           isfinite(p->volatility) && p->volatility > 0;
}

double glicko2_g(double phi)
{
    return 1 / sqrt(1 + 3 * phi * phi / (PI * PI));
}

double glicko2_e(double mu, double mu_j, double phi_j)
{
    return 1 / (1 + exp(-glicko2_g(phi_j) * (mu - mu_j)));
}

/* The function of step 5 whose root is the log of the new variance. */
static double volatility_f(double x, double delta, double phi, double v,
                           double a, double tau)
{
    double ex = exp(x), d = phi * phi + v + ex;

    return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) -
           (x - a) / (tau * tau);
}

double glicko2_volatility(double sigma, double phi, double v, double delta,
                          double tau)
{
    double a = log(sigma * sigma);
    double A = a, B;

    if (delta * delta > phi * phi + v) {
        B = log(delta * delta - phi * phi - v);
    } else {
        int k = 1;
        while (k < MAX_ITERATIONS &&
               volatility_f(a - k * tau, delta, phi, v, a, tau) < 0)
            k++;
        B = a - k * tau;
    }
    double fa = volatility_f(A, delta, phi, v, a, tau);
    double fb = volatility_f(B, delta, phi, v, a, tau);
    for (int i = 0; i < MAX_ITERATIONS && fabs(B - A) > EPSILON; i++) {
        double C = A + (A - B) * fa / (fb - fa);
        double fc = volatility_f(C, delta, phi, v, a, tau);
        if (fc * fb <= 0) {
            A = B;
            fa = fb;
        } else {
            /* the Illinois halving: keeps the kept end from stalling */
            fa /= 2;
        }
        B = C;
        fb = fc;
    }
    return exp(A / 2);
}

int glicko2_rate_steps(const struct glicko2 *player,
                       const struct glicko2_result *r, int n, double tau,
                       struct glicko2 *after, struct glicko2_steps *steps)
{
    if (!player || !after || n < 0 || (n > 0 && !r) || !rating_valid(player) ||
        !isfinite(tau) || tau <= 0)
        return -1;
    for (int i = 0; i < n; i++) {
        /* written as ranges so that NaN fails them too */
        if (!rating_valid(&r[i].opponent) ||
            !(r[i].score >= 0 && r[i].score <= 1) ||
            !(r[i].weight > 0 && r[i].weight <= 1))
            return -1;
    }

    struct glicko2_steps st = {0};
    struct glicko2 out = *player;
    double sigma = player->volatility;

    st.mu = (player->rating - GLICKO2_RATING) / SCALE;
    st.phi = player->rd / SCALE;
    st.volatility = sigma;

    if (n == 0) {
        /* no games: the rating and volatility stand, the doubt grows */
        st.phi_star = sqrt(st.phi * st.phi + sigma * sigma);
        st.phi_new = st.phi_star;
        st.mu_new = st.mu;
    } else {
        /*
         * information is 1/v; improvement is delta/v. A result of weight
         * w adds w times its term to each, so weights of 1 are the paper.
         */
        double information = 0, improvement = 0;
        for (int i = 0; i < n; i++) {
            double mu_j = (r[i].opponent.rating - GLICKO2_RATING) / SCALE;
            double phi_j = r[i].opponent.rd / SCALE;
            double g = glicko2_g(phi_j);
            double e = glicko2_e(st.mu, mu_j, phi_j);
            information += r[i].weight * g * g * e * (1 - e);
            improvement += r[i].weight * g * (r[i].score - e);
        }
        st.v = 1 / information;
        st.delta = st.v * improvement;
        /*
         * Opponents thousands of points away carry no information in
         * double precision; then the volatility cannot be estimated and
         * stays as it was.
         */
        if (isfinite(st.v) && isfinite(st.delta * st.delta))
            st.volatility = glicko2_volatility(sigma, st.phi, st.v,
                                               st.delta, tau);
        st.phi_star = sqrt(st.phi * st.phi +
                           st.volatility * st.volatility);
        st.phi_new = 1 / sqrt(1 / (st.phi_star * st.phi_star) + information);
        st.mu_new = st.mu + st.phi_new * st.phi_new * improvement;
        out.rating = SCALE * st.mu_new + GLICKO2_RATING;
        out.volatility = st.volatility;
    }
    out.rd = fmin(SCALE * st.phi_new, GLICKO2_RD);

    if (!rating_valid(&out))
        return -1;
    *after = out;
    if (steps)
        *steps = st;
    return 0;
}

int glicko2_rate(const struct glicko2 *player, const struct glicko2_result *r,
                 int n, double tau, struct glicko2 *after)
{
    return glicko2_rate_steps(player, r, n, tau, after, NULL);
}
