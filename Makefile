# Two commands: `make run` (the main job) and `make test`. Both set up .venv first.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup run test test-fast test-soak clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[test]'
	touch $(STAMP)

# the main job: four stages on the small preset, then mm-eval, then runs/quickstart/report.md
QS ?= runs/quickstart
# the seed of every stage and of the prior model (a replicate: make run QS=runs/qs-seed1
# QS_SEED=1); the evaluation sets stay those of mm-eval's own seed, the same for every replicate
QS_SEED ?= 0
QS_TASKS ?= mavis-heldout,mme-synth,pope-synth,comfort-ball,dynamath
# generation length of the quickstart evaluations (DynaMath's official runs set none; mm-eval's
# default for it is 2048, too long for the 2-core quickstart); the report states it
QS_MAX_NEW ?= 256
# whole groups spread over the strata: 90 = one seed of each of the 9 DynaMath topics,
# 216 = six camera-prompt COMFORT curves (each of the 4 relations and the object questions),
# 540 = 30 POPE images (180 probes per split, 90 of them absent objects: the language prior's
# sample), 180 = 10 MME images per subtask, 150 MAVIS held-out problems (about 60 multiple
# choice: at 25 the comparison with the twin spanned 45 points); 60 samples of each other task
QS_LIMIT ?= 60,dynamath=90,comfort-ball=216,pope-synth=540,mme-synth=180,mavis-heldout=150
# the CausalMM experiment: POPE's adversarial probes (absent objects that co-occur with the
# image's; the greedy run's 180 of that split), greedy vs every CausalMM setting and the gamma=0
# control
QS_ABLATE_LIMIT ?= 180
# the prior model's greedy run: POPE-synth's three splits, as in QS_LIMIT
QS_PRIOR_LIMIT ?= 540
# the same experiment on a model with a co-occurrence prior (runs/quickstart/prior): make run's
# stage 3 from its stage 2, QS_PRIOR_STEPS steps on POPE rows whose absent object no scene of
# the theme holds (pope_negatives: out_of_theme), so that the theme answers every row it learns
# from; its greedy run on every split measures that prior (absent objects of the scene's theme
# called present against random ones). It trains beside the evaluations, one thread, in the
# make -j2 slot the other jobs leave
QS_PRIOR_STEPS ?= 300
# the prior model's LLM learning rate (stage 3's is 3e-4; its projector keeps 3e-3): at 3e-4 the
# prior model of two draws whose stage 2 reads most objects read them too, and called absent
# companions present only 7.8 points more often than other absent objects; at 6e-4, from the
# same two stage 2s and on a second seed, 34.4, 25.6 and 24.4 points more, in the same time
# (docs/causalmm_grounded.md)
QS_PRIOR_LR ?= 6e-4
# the image-blind twin of stage 3 on the greedy run's MAVIS held-out problems, on white pictures
# (its multiple-choice accuracy is the report's baseline for the model's); mavis-heldout's share
# of QS_LIMIT
QS_TWIN_LIMIT ?= 150
# COMFORT-BALL's headline and preferred frame are the camera-prompt curves
QS_OPTIONS ?= prefixes=camera

run: setup
	HF_HUB_OFFLINE=1 $(BIN)/mm-train pipeline --preset small --out $(QS)/train --parallel-twins \
		--set seed=$(QS_SEED)
	$(MAKE) --no-print-directory -j2 --output-sync=target qs-eval-prior qs-eval-greedy \
		qs-eval-causalmm
	$(BIN)/python -m eval.quickstart $(QS)

# the evaluations in two lanes (three jobs, two at a time), one CPU thread each (on two cores
# 1.4x faster than one after the other: generation on the small model does not keep two threads
# busy), sharing the synthetic sets they build (--data-cache: each set built once, a lane waits
# for the other's)
QS_EVAL := HF_HUB_OFFLINE=1 OMP_NUM_THREADS=1 $(BIN)/mm-eval
QS_EVAL_FLAGS := --batch-size 8 --data-cache $(QS)/eval-data --no-progress
# which part of CausalMM's rule moves the ablation's answers (eval/causalmm_margins.py)
QS_MARGINS := HF_HUB_OFFLINE=1 OMP_NUM_THREADS=1 $(BIN)/python -m eval.causalmm_margins \
	--limit $(QS_ABLATE_LIMIT) --task-options split=adversarial --batch-size 8 \
	--data-cache $(QS)/eval-data
QS_GEN := --gen-kwargs max_new_tokens=$(QS_MAX_NEW) $(QS_EVAL_FLAGS)

.PHONY: qs-eval-greedy qs-eval-causalmm qs-eval-prior qs-prior-model qs-prior-greedy \
	qs-prior-ablate qs-prior-margins
qs-eval-greedy:
	$(QS_EVAL) run --model $(QS)/train/final --tasks $(QS_TASKS) --limit $(QS_LIMIT) \
		--task-options $(QS_OPTIONS) $(QS_GEN) --output-path $(QS)/eval-greedy
	$(QS_EVAL) ablate causalmm --model $(QS)/train/final --tasks pope-synth \
		--limit $(QS_ABLATE_LIMIT) --task-options split=adversarial $(QS_EVAL_FLAGS) \
		--output-path $(QS)/ablate-causalmm
	$(QS_MARGINS) --model $(QS)/train/final --out $(QS)/margins.json

qs-eval-causalmm:
	$(QS_EVAL) run --model $(QS)/train/final --tasks $(QS_TASKS) --limit $(QS_LIMIT) \
		--task-options $(QS_OPTIONS) --decoding causalmm --cf-level language \
		--cf-type reversed --gamma 1 --alpha 0.1 $(QS_GEN) --output-path $(QS)/eval-causalmm
	$(QS_EVAL) run --model $(QS)/train/stage3-blind/model --tasks mavis-heldout \
		--limit $(QS_TWIN_LIMIT) --task-options blank_images=true $(QS_GEN) \
		--output-path $(QS)/twin-mavis

# the prior model, then its three runs (two at a time in make's two slots)
qs-eval-prior: qs-prior-greedy qs-prior-ablate qs-prior-margins

qs-prior-model:
	HF_HUB_OFFLINE=1 OMP_NUM_THREADS=1 $(BIN)/mm-train stage3 \
		--recipe configs/small/stage3.yaml --init $(QS)/train/stage2 --out $(QS)/prior --no-progress \
		--set pope_negatives=out_of_theme max_steps=$(QS_PRIOR_STEPS) lr=$(QS_PRIOR_LR) \
		seed=$(QS_SEED)

qs-prior-greedy: qs-prior-model
	$(QS_EVAL) run --model $(QS)/prior/model --tasks pope-synth --limit $(QS_PRIOR_LIMIT) \
		$(QS_GEN) --output-path $(QS)/prior-greedy

qs-prior-ablate: qs-prior-model
	$(QS_EVAL) ablate causalmm --model $(QS)/prior/model --tasks pope-synth \
		--limit $(QS_ABLATE_LIMIT) --task-options split=adversarial $(QS_EVAL_FLAGS) \
		--output-path $(QS)/ablate-prior

qs-prior-margins: qs-prior-model
	$(QS_MARGINS) --model $(QS)/prior/model --out $(QS)/prior-margins.json

# the whole suite, one worker per core (pytest-xdist); the inner loop: make test-fast. Bytecode
# is cached even where the environment turns that off (PYTHONDONTWRITEBYTECODE): each worker and
# each process a test starts would otherwise compile the suite and re-write every test's asserts
TEST_ENV := env -u PYTHONDONTWRITEBYTECODE HF_HUB_OFFLINE=1
test: setup
	$(TEST_ENV) $(BIN)/python -m pytest -n auto --dist loadgroup -m "not soak"

test-fast: setup
	$(TEST_ENV) $(BIN)/python -m pytest -n auto --dist loadgroup -m "not slow and not soak"

# the checks at scale (1,000 rows per family, two-process training): tens of minutes
test-soak: setup
	$(TEST_ENV) $(BIN)/python -m pytest -n auto --dist loadgroup -m soak

clean:
	rm -rf $(VENV) runs
