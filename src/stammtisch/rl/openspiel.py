"""The games as OpenSpiel Python games, so that OpenSpiel's algorithms run on them.

:func:`register` (or :func:`register_all`) registers ``python_stammtisch_<game>`` with
``pyspiel``; then ``pyspiel.load_game("python_stammtisch_zwickern", {"players": 3})``
works as for any OpenSpiel game. The parameters are the game's options plus

* ``rng_seed`` (int, default 0): seeds the generator that draws one deal seed per
  ``new_initial_state()``. The engines shuffle with their own RNG inside the state, so the
  games are ``SAMPLED_STOCHASTIC`` (no explicit chance nodes);
* ``max_moves`` (int, default 0 = the codec's bound, or 3000 for a game without one such as
  Dog): a cap on whole moves. OpenSpiel has no
  truncation, so a game that reaches the cap ends as a draw (every seat gets
  ``utility_sum / players``, or 0 in a general-sum game) and ``state.truncated`` is True.
  Games with a natural bound (Zwickern: 30 moves per round) never reach it.

Actions are the codec's tokens (``num_distinct_actions == codec.num_actions``); a turn
of several tokens is several OpenSpiel actions by the same player, which fits
``max_game_length = max_moves * max_tokens``.

Observations: ``observation_tensor`` is the codec's vector of the player's view (plus the
pending-token block for multi-token turns); ``observation_string`` and
``information_state_string`` are the player's view as canonical JSON (plus its pending
tokens). The view holds the public history that matters (capture piles, scores, last
move), but not the order of every earlier move, so the game declares
``perfect_recall``-free information states: enough for ISMCTS, which keys its nodes by
them. ``resample_from_infostate`` uses the game's ``sample_state`` (OpenSpiel's
``ResampleFromInfostate``); ISMCTS needs nothing else.

Search: OpenSpiel's MCTS and ISMCTS value leaves with an evaluator. Its
``RandomRolloutEvaluator`` plays random moves to the end, which in Dog is about a thousand
moves per leaf. :class:`HeuristicEvaluator` values a leaf at once with the game's heuristic
(the same evaluation the ``ismcts`` bot uses) and gives uniform priors, so that

    bot = ismcts.ISMCTSBot(game, HeuristicEvaluator(game), uct_c=2.0, max_simulations=50)

plays whole Dog games in reasonable time.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np

try:
    import pyspiel
except ImportError:  # the optional extra is missing; register() says so
    pyspiel = None

from stammtisch.core.game import Game, State
from stammtisch.core.registry import game_class, games, load
from stammtisch.rl.codec import Codec, TurnDecoder, codec_for, encode_prefix, prefix_size

PREFIX = "python_stammtisch_"
DEFAULT_CAP = 3000  # moves, for games without a natural bound (Dog, DOG-20)
MISSING = "open-spiel is not installed: pip install open-spiel==2.0.2"
_GameBase: Any = object if pyspiel is None else pyspiel.Game
_StateBase: Any = object if pyspiel is None else pyspiel.State


def short_name(game: str) -> str:
    return PREFIX + game


def register(game: str) -> str:
    """Register one stammtisch game with pyspiel (idempotent); returns its short name."""
    if pyspiel is None:
        raise ImportError(MISSING)
    name = short_name(game)
    if name in pyspiel.registered_names():
        return name
    info = game_class(game).info
    defaults = load(game)
    params: dict[str, Any] = {k: v for k, v in defaults.options.items() if isinstance(v, (bool, int, str))}
    params["rng_seed"] = 0
    params["max_moves"] = 0
    codec = codec_for(defaults)
    bounds = codec.returns_range
    utility = _utility(bounds)
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"stammtisch {info.title.get('en', game)}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )

    # A class, not a closure: pyspiel keeps the factory until the interpreter is gone, and
    # a closure freed that late aborts the process (a class lives on in its own cycles).
    factory = type(f"SpielGame_{game}", (SpielGame,), {"GAME_TYPE": game_type, "GAME": game})
    pyspiel.register_game(game_type, factory)
    return name


def register_all() -> list[str]:
    """Register every game that has a codec."""
    return [register(g) for g in games()]


def _utility(bounds: tuple[float, float, float | None]) -> Any:
    total = bounds[2]
    if total is None:
        return pyspiel.GameType.Utility.GENERAL_SUM
    if total == 0:
        return pyspiel.GameType.Utility.ZERO_SUM
    return pyspiel.GameType.Utility.CONSTANT_SUM


class SpielGame(_GameBase):  # type: ignore[misc]
    """One stammtisch game variant as a ``pyspiel.Game``."""

    GAME_TYPE: Any
    GAME: str

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_type, game = self.GAME_TYPE, self.GAME
        spec = dict(game_type.parameter_specification)
        merged = {**spec, **(params or {})}
        options = {k: merged[k] for k in spec if k not in ("rng_seed", "max_moves")}
        self.inner: Game[Any] = load(game, **options)
        self.codec: Codec = codec_for(self.inner)
        natural = self.codec.max_moves
        cap = int(merged["max_moves"])
        if cap <= 0 and natural is None:
            cap = DEFAULT_CAP
        bound = natural if cap <= 0 else cap if natural is None else min(cap, natural)
        assert bound is not None
        self.max_moves: int = bound
        self.truncates = natural is None or bound < natural
        lo, hi, total = self.codec.returns_range
        n = self.inner.num_players
        self.draw_value = 0.0 if total is None else total / n
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.num_actions,
            max_chance_outcomes=0,
            num_players=n,
            min_utility=float(min(lo, self.draw_value)),
            max_utility=float(max(hi, self.draw_value)),
            utility_sum=None if total is None else float(total),
            max_game_length=self.max_moves * self.codec.max_tokens,
        )
        super().__init__(game_type, info, merged)
        self._seeds = random.Random(int(merged["rng_seed"]))
        self.obs_size = self.codec.observation_size + prefix_size(self.codec)

    def new_initial_state(self) -> SpielState:
        return SpielState(self, _Core(self, seed=self._seeds.getrandbits(63)))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        if params:
            raise ValueError(f"observation parameters not supported: {params}")
        return Observer(self)


class _Core:
    """The Python-side content of a state; copied by ``clone`` without re-dealing.

    OpenSpiel clones Python states by deep-copying their attributes; this object's
    ``__deepcopy__`` uses the engine's own ``clone`` and shares the (immutable) game.
    The deal is made lazily, so the fresh state OpenSpiel builds before copying costs nothing.
    """

    def __init__(self, game: SpielGame, seed: int | None) -> None:
        self.game = game
        self.seed = seed
        self._state: State[Any] | None = None
        self.decoder = TurnDecoder(game.codec)
        self.moves = 0
        self.truncated = False

    @property
    def state(self) -> State[Any]:
        if self._state is None:
            assert self.seed is not None
            self.set_state(self.game.inner.new_game(self.seed))
        assert self._state is not None
        return self._state

    def set_state(self, state: State[Any]) -> None:
        self._state = state
        cur = state.current_player
        self.decoder.reset(state.legal_actions() if cur is not None else [], cur or 0)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        other = _Core(self.game, self.seed)
        if self._state is not None:
            other._state = self._state.clone()
            prefix = list(self.decoder.prefix)
            cur = self._state.current_player
            other.decoder.reset(self._state.legal_actions() if cur is not None else [], cur or 0)
            for t in prefix:
                other.decoder.push(t)
        other.moves = self.moves
        other.truncated = self.truncated
        return other


class SpielState(_StateBase):  # type: ignore[misc]
    """A ``pyspiel.State`` around a stammtisch state and the tokens of the turn so far."""

    def __init__(self, game: SpielGame, core: _Core | None = None) -> None:
        super().__init__(game)
        self.core = core if core is not None else _Core(game, seed=None)

    @property
    def truncated(self) -> bool:
        return self.core.truncated

    @property
    def inner(self) -> State[Any]:
        """The stammtisch state (for tests and tools; it holds hidden information)."""
        return self.core.state

    def current_player(self) -> int:
        s = self.core.state
        if self.core.truncated or s.current_player is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(s.current_player)

    def _legal_actions(self, player: int) -> list[int]:
        return self.core.decoder.legal_tokens()

    def _apply_action(self, action: int) -> None:
        core = self.core
        done = core.decoder.push(int(action))
        if done is None:
            return
        state = core.state.apply_unchecked(done, events=False)
        core.moves += 1
        game: SpielGame = core.game
        if state.current_player is not None and game.truncates and core.moves >= game.max_moves:
            core.truncated = True
        core.set_state(state)

    def _action_to_string(self, player: int, action: int) -> str:
        return self.core.game.codec.token_text(int(action))

    def is_terminal(self) -> bool:
        return self.core.truncated or self.core.state.current_player is None

    def returns(self) -> list[float]:
        s = self.core.state
        if self.core.truncated:
            return [self.core.game.draw_value] * s.num_players
        return [float(r) for r in s.returns()]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """A state consistent with ``player_id``'s view, via the game's ``sample_state``."""
        core = self.core
        view = core.state.observe(player_id)
        rng = random.Random(int(probability_sampler() * 2**53) if callable(probability_sampler) else None)
        sampled = core.game.inner.sample_state(view, rng)
        other = SpielState(core.game, _Core(core.game, core.seed))
        other.core.set_state(sampled)
        if core.state.current_player == player_id:
            for t in core.decoder.prefix:
                other.core.decoder.push(t)
        other.core.moves = core.moves
        other.core.truncated = core.truncated
        return other

    def view_string(self, player: int) -> str:
        core = self.core
        text = json.dumps(core.state.observe(player), sort_keys=True, separators=(",", ":"))
        if core.state.current_player == player and core.decoder.prefix:
            text += " pending:" + ",".join(str(t) for t in core.decoder.prefix)
        return text

    def __str__(self) -> str:
        return json.dumps(self.core.state.to_json(), sort_keys=True)


class HeuristicEvaluator:
    """OpenSpiel's evaluator interface (``evaluate``, ``prior``) backed by the game's heuristic.

    ``evaluate`` returns the heuristic's per-seat win estimate of the spectator view (no
    hidden cards are read), mapped onto the game's utility range; a finished game returns its
    ``returns()``. ``prior`` is uniform over the legal actions (tokens).
    """

    def __init__(self, game: SpielGame) -> None:
        from stammtisch.bots.profile import heuristic_for

        self.heuristic = heuristic_for(game.GAME)
        lo, hi, _ = game.codec.returns_range
        self.lo, self.span = float(lo), float(hi) - float(lo)

    def evaluate(self, state: SpielState) -> np.ndarray[Any, np.dtype[np.float64]]:
        if state.is_terminal():
            return np.asarray(state.returns(), dtype=np.float64)
        values = self.heuristic.evaluate(state.core.state.observe(None))
        return np.asarray([self.lo + self.span * v for v in values], dtype=np.float64)

    def prior(self, state: SpielState) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


class Observer:
    """OpenSpiel's Python observer interface: ``tensor``, ``dict``, ``set_from``, ``string_from``."""

    def __init__(self, game: SpielGame) -> None:
        self.game = game
        self.tensor = np.zeros(game.obs_size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: SpielState, player: int) -> None:
        codec = self.game.codec
        core = state.core
        base = codec.observation_size
        codec.encode_state(core.state, player, self.tensor[:base])
        if base < len(self.tensor):
            prefix = core.decoder.prefix if core.state.current_player == player else []
            encode_prefix(codec, prefix, self.tensor[base:])

    def string_from(self, state: SpielState, player: int) -> str:
        return state.view_string(player)
