/*
 * heavysteam_boards.h - titan boards written for the unit tests, in
 * rules/heavysteam/titan.h's format: a small one whose every cube a test
 * can follow, and a full-size one shaped like a printed heavy.
 *
 * Small board ("test_small"), arrows:
 *   boiler -> command, mobility, shield, pipe, gun_torso
 *   pipe   -> gun_left, gun_right, vent
 */
#ifndef TURNPOST_TESTS_HEAVYSTEAM_BOARDS_H
#define TURNPOST_TESTS_HEAVYSTEAM_BOARDS_H

#define SQ_W "{\"colour\": \"white\"}"
#define SQ_WS "{\"colour\": \"white\", \"start\": true}"
#define SQ_R "{\"colour\": \"red\"}"
#define SQ_B "{\"colour\": \"blue\"}"
#define SQ_BS "{\"colour\": \"blue\", \"start\": true}"

static const char hs_test_small_board[] =
    "{\"id\": \"test_small\", \"name\": \"Test Small\", \"faction\": \"uk\","
    " \"size\": \"light\", \"points\": 8, \"reserve\": 10,"
    " \"production\": 4, \"release\": 3, \"move_cost\": [1, 3],"
    " \"evade\": {\"cost\": 2, \"dice\": 1},"
    " \"repair\": {\"cost\": 2, \"removes\": 1},"
    " \"pressure\": [{\"cells\": 2, \"dice\": 3, \"section\": \"blue\"},"
    "              {\"cells\": 2, \"dice\": 2, \"section\": \"green\"},"
    "              {\"cells\": 2, \"dice\": 1, \"section\": \"red\"}],"
    " \"stations\": ["
    "  {\"id\": \"boiler\", \"location\": \"torso\", \"type\": \"boiler\","
    "   \"squares\": [" SQ_WS ", " SQ_WS ", " SQ_W ", " SQ_W "]},"
    "  {\"id\": \"command\", \"location\": \"head\", \"type\": \"command\","
    "   \"squares\": [" SQ_W ", " SQ_W ", " SQ_R "]},"
    "  {\"id\": \"mobility\", \"location\": \"legs\", \"type\": \"mobility\","
    "   \"squares\": [" SQ_WS ", " SQ_W ", " SQ_R "]},"
    "  {\"id\": \"shield\", \"location\": \"torso\", \"type\": \"shield\","
    "   \"squares\": [" SQ_W ", " SQ_W ", " SQ_BS ", " SQ_B "]},"
    "  {\"id\": \"pipe\", \"location\": \"torso\", \"type\": \"conduit\","
    "   \"squares\": [" SQ_W ", " SQ_W "]},"
    "  {\"id\": \"gun_left\", \"location\": \"left_arm\", \"type\": \"weapon_slot\","
    "   \"mount\": \"left_arm\", \"squares\": []},"
    "  {\"id\": \"gun_right\", \"location\": \"right_arm\", \"type\": \"weapon_slot\","
    "   \"mount\": \"right_arm\", \"squares\": [" SQ_W "]},"
    "  {\"id\": \"gun_torso\", \"location\": \"torso\", \"type\": \"weapon_slot\","
    "   \"mount\": \"torso\", \"squares\": []},"
    "  {\"id\": \"vent\", \"location\": \"torso\", \"type\": \"vent\","
    "   \"squares\": [" SQ_W ", " SQ_W "]}],"
    " \"arrows\": [[\"boiler\", \"command\"], [\"boiler\", \"mobility\"],"
    "  [\"boiler\", \"shield\"], [\"boiler\", \"pipe\"], [\"boiler\", \"gun_torso\"],"
    "  [\"pipe\", \"gun_left\"], [\"pipe\", \"gun_right\"], [\"pipe\", \"vent\"]],"
    " \"loadout\": {\"left_arm\": \"test_claw\", \"right_arm\": \"test_cannon\","
    "  \"torso\": \"test_mortar\"}}";

/*
 * Full-size board ("test_heavy"), shaped like a printed heavy:
 *   boiler -> command, repair, torso_shield, torso_gun, vent, main
 *   main   -> l_shoulder, r_shoulder, hips, vent
 *   l_shoulder -> l_gun, l_shield     r_shoulder -> r_gun, r_shield
 *   hips   -> mobility, knees
 * Weak points: boiler square 5 (3), l_shoulder square 1 (4), main
 * square 0 (5).
 */
static const char hs_test_heavy_board[] =
    "{\"id\": \"test_heavy\", \"name\": \"Test Heavy\", \"faction\": \"cet\","
    " \"size\": \"heavy\", \"points\": 12, \"reserve\": 20,"
    " \"production\": 8, \"release\": 5, \"move_cost\": [2, 4],"
    " \"evade\": {\"cost\": 2, \"dice\": 1},"
    " \"repair\": {\"cost\": 3, \"removes\": 2},"
    " \"data_version\": \"test\","
    " \"pressure\": [{\"cells\": 3, \"dice\": 3, \"section\": \"blue\"},"
    "              {\"cells\": 3, \"dice\": 2, \"section\": \"green\"},"
    "              {\"cells\": 3, \"dice\": 2, \"section\": \"green\"},"
    "              {\"cells\": 3, \"dice\": 1, \"section\": \"red\"},"
    "              {\"cells\": 3, \"dice\": 0, \"section\": \"red\"}],"
    " \"stations\": ["
    "  {\"id\": \"boiler\", \"location\": \"torso\", \"type\": \"boiler\","
    "   \"squares\": [" SQ_WS ", " SQ_WS ", " SQ_WS ", " SQ_WS ", " SQ_W ","
    "    {\"colour\": \"white\", \"weak\": 3}]},"
    "  {\"id\": \"command\", \"location\": \"head\", \"type\": \"command\","
    "   \"squares\": [" SQ_W ", " SQ_W ", " SQ_W ", " SQ_R "]},"
    "  {\"id\": \"repair\", \"location\": \"torso\", \"type\": \"repair\","
    "   \"squares\": [" SQ_W ", " SQ_W ", " SQ_W ", " SQ_R "]},"
    "  {\"id\": \"torso_shield\", \"location\": \"torso\", \"type\": \"shield\","
    "   \"squares\": [" SQ_W ", " SQ_W ", " SQ_B ", " SQ_B ", " SQ_B "]},"
    "  {\"id\": \"torso_gun\", \"location\": \"torso\", \"type\": \"weapon_slot\","
    "   \"mount\": \"torso\", \"squares\": []},"
    "  {\"id\": \"vent\", \"location\": \"torso\", \"type\": \"vent\","
    "   \"squares\": [" SQ_W ", " SQ_W ", " SQ_W "]},"
    "  {\"id\": \"main\", \"location\": \"torso\", \"type\": \"conduit\","
    "   \"squares\": [{\"colour\": \"white\", \"weak\": 5}, " SQ_W ", " SQ_R "]},"
    "  {\"id\": \"l_shoulder\", \"location\": \"left_arm\", \"type\": \"conduit\","
    "   \"squares\": [" SQ_W ", {\"colour\": \"white\", \"weak\": 4}]},"
    "  {\"id\": \"l_gun\", \"location\": \"left_arm\", \"type\": \"weapon_slot\","
    "   \"mount\": \"left_arm\", \"squares\": [" SQ_W "]},"
    "  {\"id\": \"l_shield\", \"location\": \"left_arm\", \"type\": \"shield\","
    "   \"squares\": [" SQ_W ", " SQ_BS ", " SQ_B "]},"
    "  {\"id\": \"r_shoulder\", \"location\": \"right_arm\", \"type\": \"conduit\","
    "   \"squares\": [" SQ_W ", " SQ_W "]},"
    "  {\"id\": \"r_gun\", \"location\": \"right_arm\", \"type\": \"weapon_slot\","
    "   \"mount\": \"right_arm\", \"squares\": []},"
    "  {\"id\": \"r_shield\", \"location\": \"right_arm\", \"type\": \"shield\","
    "   \"squares\": [" SQ_W ", " SQ_B ", " SQ_B "]},"
    "  {\"id\": \"hips\", \"location\": \"legs\", \"type\": \"conduit\","
    "   \"squares\": [" SQ_W ", " SQ_W "]},"
    "  {\"id\": \"mobility\", \"location\": \"legs\", \"type\": \"mobility\","
    "   \"squares\": [" SQ_WS ", " SQ_WS ", " SQ_W ", " SQ_R ", " SQ_R "]},"
    "  {\"id\": \"knees\", \"location\": \"legs\", \"type\": \"shield\","
    "   \"squares\": [" SQ_W ", " SQ_B "]}],"
    " \"arrows\": [[\"boiler\", \"command\"], [\"boiler\", \"repair\"],"
    "  [\"boiler\", \"torso_shield\"], [\"boiler\", \"torso_gun\"],"
    "  [\"boiler\", \"vent\"], [\"boiler\", \"main\"],"
    "  [\"main\", \"l_shoulder\"], [\"main\", \"r_shoulder\"], [\"main\", \"hips\"],"
    "  [\"main\", \"vent\"], [\"l_shoulder\", \"l_gun\"], [\"l_shoulder\", \"l_shield\"],"
    "  [\"r_shoulder\", \"r_gun\"], [\"r_shoulder\", \"r_shield\"],"
    "  [\"hips\", \"mobility\"], [\"hips\", \"knees\"]],"
    " \"loadout\": {\"left_arm\": \"test_claw\", \"right_arm\": \"test_cannon\","
    "  \"torso\": \"test_mortar\"}}";

#endif
