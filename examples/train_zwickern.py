"""Train a small Zwickern policy against random bots with plain numpy (REINFORCE).

The learner sits at seat 0 of a two-player, one-round Zwickern game
(:func:`stammtisch.rl.zwickern.gym_env`, opponent: the ``random`` bot). Its policy is
linear over a few features per card that it reads from the observation vector (what the
card would capture, what it would leave open), plus one bias per card; the logits are
masked with the environment's ``action_mask`` before the softmax, so it only ever plays
legal cards. It
learns by REINFORCE with a running-mean baseline and Adam. It learns from the final point
margin (own minus the opponent's match points, / 130), read from the public score sheet
at the end of the game: it decides the winner and is far less noisy than the environment's
reward, the win share (1 win, 0.5 tie, 0 loss), by which the policy is judged.

It then plays evaluation games with the greedy policy and, for comparison, with a uniform
random masked policy, against fresh random bots, and prints the win shares with 95%
confidence intervals. The learning curve goes to ``examples/train_zwickern.png``.

Run: ``PYTHONPATH=src python examples/train_zwickern.py`` (CPU, a few minutes; options:
``--episodes``, ``--eval``, ``--seed``). The output of a run is committed as
``examples/train_zwickern.txt``.
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from stammtisch.games.zwickern.cards import CARD_POINTS
from stammtisch.rl.codec import field_offsets
from stammtisch.rl.zwickern import gym_env

F = npt.NDArray[np.float64]
OPTIONS = {"players": 2, "rounds": 1}


class Features:
    """Per-action features read from the observation vector (the codec's documented layout).

    For each of the 33 cards a: what it would capture from the table (count, points; a
    Joker takes everything), its own points, whether it is a Joker, and, when it would be
    laid instead, the points it leaves open and how many unseen cards could take it.
    """

    def __init__(self, codec: Any) -> None:
        off = field_offsets(codec)
        self.table = off["table"].start
        self.unseen = off["unseen"].start
        pts = np.array([CARD_POINTS[c] for c in range(32)], dtype=np.float64)
        self.pts = pts
        same = np.zeros((33, 32))
        for a in range(32):
            same[a, [(a & ~3) + s for s in range(4)]] = 1.0
        self.same = same
        self.size = 8 + 33

    def __call__(self, obs: F) -> F:
        """(batch, 33, size) features for a batch of observations."""
        n = len(obs)
        table = obs[:, self.table : self.table + 34]
        unseen = obs[:, self.unseen : self.unseen + 34]
        t32 = table[:, :32]
        cap_cnt = t32 @ self.same.T
        cap_pts = (t32 * self.pts) @ self.same.T
        cap_cnt[:, 32] = table.sum(axis=1)
        cap_pts[:, 32] = t32 @ self.pts
        own = np.concatenate([np.broadcast_to(self.pts, (n, 32)), np.zeros((n, 1))], axis=1)
        joker = np.zeros((n, 33))
        joker[:, 32] = 1.0
        lays = (cap_cnt == 0).astype(np.float64)
        takers = unseen[:, :32] @ self.same.T + unseen[:, 32:33] + unseen[:, 33:34]
        open_pts = lays * (t32 @ self.pts)[:, None]
        feats = [
            cap_cnt / 4,
            cap_pts / 20,
            own / 11,
            joker,
            lays,
            lays * own / 11,
            lays * takers / 6,
            open_pts / 30,
        ]
        out = np.concatenate([np.stack(feats, axis=2), np.broadcast_to(np.eye(33), (n, 33, 33))], axis=2)
        return out


class Policy:
    """A linear masked-softmax policy over :class:`Features`, with its own Adam optimiser."""

    def __init__(self, features: Features) -> None:
        self.features = features
        self.w = np.zeros(features.size)
        self.m = np.zeros_like(self.w)
        self.v = np.zeros_like(self.w)
        self.t = 0

    def probs(self, obs: F, mask: F) -> tuple[F, F]:
        """Features and action probabilities for a batch (rows) of observations."""
        phi = self.features(obs)
        logits = phi @ self.w
        logits = np.where(mask > 0, logits, -1e9)
        logits -= logits.max(axis=-1, keepdims=True)
        e = np.exp(logits) * (mask > 0)
        return phi, e / e.sum(axis=-1, keepdims=True)

    def update(self, obs: F, mask: F, actions: npt.NDArray[np.int64], adv: F, lr: float) -> None:
        """One Adam step on the REINFORCE loss -mean(adv * log pi(a|s))."""
        phi, probs = self.probs(obs, mask)
        n = len(actions)
        dlogits = probs.copy()
        dlogits[np.arange(n), actions] -= 1.0  # d(-log pi)/d logits
        dlogits *= adv[:, None] / n
        g = np.einsum("na,naf->f", dlogits, phi)
        self.t += 1
        self.m = 0.9 * self.m + 0.1 * g
        self.v = 0.999 * self.v + 0.001 * g * g
        mhat = self.m / (1 - 0.9**self.t)
        vhat = self.v / (1 - 0.999**self.t)
        self.w -= lr * mhat / (np.sqrt(vhat) + 1e-8)


def play(env: Any, choose: Any, seed: int | None) -> tuple[list[Any], list[Any], list[int], float, float]:
    """One episode: observations, masks, actions, the reward (win share) and the point margin."""
    obs, info = env.reset(seed=seed)
    xs, ms, acts = [], [], []
    while True:
        x = obs["observation"].astype(np.float64)
        m = obs["action_mask"].astype(np.float64)
        a = choose(x, m)
        xs.append(x)
        ms.append(m)
        acts.append(a)
        obs, reward, term, trunc, info = env.step(a)
        if term or trunc:
            assert "illegal_action" not in info
            points = env.state.observe(0)["scores"]  # the final score sheet is public
            return xs, ms, acts, float(reward), (points[0] - points[1]) / 130.0


def win_share_ci(results: list[float]) -> tuple[float, float, float]:
    """Mean win share and a 95% normal-approximation confidence interval."""
    a = np.asarray(results)
    mean = float(a.mean())
    half = 1.96 * float(a.std(ddof=1)) / math.sqrt(len(a))
    return mean, mean - half, mean + half


def evaluate(policy: Policy | None, games: int, seed: int) -> list[float]:
    """Greedy ``policy`` (or uniform random if None) against random bots, fresh seeds."""
    env = gym_env(options=OPTIONS, opponents="random")
    rng = np.random.default_rng(seed)

    def greedy(x: F, m: F) -> int:
        assert policy is not None
        return int(np.argmax(policy.probs(x[None], m[None])[1][0]))

    def uniform(x: F, m: F) -> int:
        return int(rng.choice(np.flatnonzero(m)))

    choose = greedy if policy is not None else uniform
    return [play(env, choose, seed + i)[3] for i in range(games)]


def main() -> None:
    ap = argparse.ArgumentParser(description="REINFORCE on Zwickern against random bots")
    ap.add_argument("--episodes", type=int, default=16000)
    ap.add_argument("--batch", type=int, default=32)
    ap.add_argument("--lr", type=float, default=0.03)
    ap.add_argument("--eval", type=int, default=2000, help="evaluation games per policy")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", type=Path, default=Path(__file__).with_suffix(".png"))
    args = ap.parse_args()

    rng = np.random.default_rng(args.seed)
    env = gym_env(options=OPTIONS, opponents="random")
    env.reset(seed=args.seed)  # later resets continue from this seed
    policy = Policy(Features(env.codec))

    def sample(x: F, m: F) -> int:
        return int(rng.choice(len(m), p=policy.probs(x[None], m[None])[1][0]))

    print(f"Zwickern {OPTIONS}, learner at seat 0 against the random bot")
    print(f"linear masked-softmax policy over {policy.features.size} action features, REINFORCE,")
    print(f"batch {args.batch} episodes, Adam lr {args.lr}")
    start = time.perf_counter()
    baseline = 0.0
    curve: list[tuple[int, float]] = []
    recent: list[float] = []
    every = min(1000, args.episodes)  # episodes per point of the learning curve
    batch: list[tuple[list[Any], list[Any], list[int], float, float]] = []
    for ep in range(1, args.episodes + 1):
        episode = play(env, sample, None)
        batch.append(episode)
        recent.append(episode[3])
        if len(batch) == args.batch:
            obs = np.array([x for e in batch for x in e[0]])
            mask = np.array([m for e in batch for m in e[1]])
            acts = np.array([a for e in batch for a in e[2]], dtype=np.int64)
            adv = np.array([e[4] - baseline for e in batch for _ in e[2]])
            policy.update(obs, mask, acts, adv, args.lr)
            baseline = 0.95 * baseline + 0.05 * float(np.mean([e[4] for e in batch]))
            batch = []
        if ep % every == 0:
            curve.append((ep, float(np.mean(recent))))
            print(f"  episodes {ep:6d}: training win share (last {every}) {curve[-1][1]:.3f}")
            recent = []
    train_secs = time.perf_counter() - start

    trained = evaluate(policy, args.eval, seed=10**6)
    random_play = evaluate(None, args.eval, seed=10**6)
    m1, lo1, hi1 = win_share_ci(trained)
    m0, lo0, hi0 = win_share_ci(random_play)
    print(f"training: {args.episodes} episodes in {train_secs:.0f} s")
    print(f"evaluation, {args.eval} games each against the random bot (same deals, 95% CI):")
    print(f"  trained policy (greedy):  win share {m1:.3f}  [{lo1:.3f}, {hi1:.3f}]")
    print(f"  uniform random policy:    win share {m0:.3f}  [{lo0:.3f}, {hi0:.3f}]")
    verdict = "beats" if lo1 > 0.5 else "does not (yet) beat"
    print(f"the trained policy {verdict} the random bot (CI lower bound {lo1:.3f} vs 0.5)")

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4))
    xs, ys = zip(*curve, strict=True)
    ax.plot(xs, ys, marker="o", ms=3, label=f"training win share (sampled policy, last {every})")
    ax.errorbar(
        [args.episodes],
        [m1],
        yerr=[[m1 - lo1], [hi1 - m1]],
        fmt="s",
        color="C2",
        capsize=4,
        label="greedy, evaluation",
    )
    ax.axhline(m0, color="grey", ls="--", label=f"uniform random policy ({m0:.3f})")
    ax.set_xlabel("training episodes")
    ax.set_ylabel("win share against the random bot")
    ax.set_title("Zwickern (2 players, 1 round): REINFORCE, linear numpy policy")
    ax.legend(loc="lower right", fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(args.out, dpi=110)
    print(f"learning curve: {args.out.name}")


if __name__ == "__main__":
    main()
