// Must NOT type-check: run.mjs fails when tsc accepts this file. Each line
// is a move the server refuses, so the generated types must refuse it too.
import type { components } from "../build/api.js";

type Move = components["schemas"]["Move"];

export const noLocation: Move = { type: "deploy", card: 7 };
export const wrongField: Move = { type: "build", hex: "d7", tile: "straight", rotation: 1, colour: "red" };
export const notANumber: Move = { type: "bid", amount: "3" };
export const noSuchType: Move = { type: "teleport" };
