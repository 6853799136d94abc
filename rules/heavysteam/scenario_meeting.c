/*
 * scenario_meeting.c - Scenario 1, Meeting Engagement: "The first side to
 * destroy an enemy steam titan wins the game." Special rules: none; the
 * setup is the general one (setup.c: heavies in their start sectors,
 * lights one forward, HS-R-10).
 */
#include "scenario.h"

const struct hs_scenario hs_scenario_meeting = {
    .id = 1,
    .name = "meeting_engagement",
    .rule = "HS-R-10 (Scenario 1: Meeting Engagement)",
    .victory = hs_victory_first_titan,
};
