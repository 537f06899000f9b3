"""The lexicon of fields: each a name as a reader would write it and its cues (read by :mod:`analysis.model.fields`).

Where the entries come from is said in :mod:`analysis.model.fields`; the robotics entries are in
:mod:`analysis.model.lexicon_robotics`, those of the sciences in :mod:`analysis.model.lexicon_science`, those of
human-computer interaction in :mod:`analysis.model.lexicon_hci`.
"""

from analysis.model.lexicon_hci import AWAY_FROM_HCI, HCI, HCI_VENUE, away_from
from analysis.model.lexicon_robotics import ROBOTICS, ROBOTICS_PARTS
from analysis.model.lexicon_science import SCIENCE

# One field per entry: "Name: cue; cue; ..." or "Name | short name: cue; ...", the short name used where
# two fields name an area together. A cue "+cue" is a need: the field covers a paper only with one of its needs.
# A cue "=cue" is one of the name's last subject too ("generation"): a group few of whose papers hold one is named
# without it ("Video understanding"), or without the name's words in brackets; a cue "^cue" one of its first subject:
# such a group is not named by the field at all (:mod:`analysis.model.fields`).
# A line starting with "area " is a broad field, used for areas (groups of topics) and for a topic no narrower
# field covers. An indented line continues the entry above. Of two fields scoring the same in a group, one with
# needs names it (it is the narrower), else the one whose name sorts first.
# "area Name < Parent: ..." is a part of the broad field Parent: it names areas of a venue whose own subject is
# Parent (CVPR's "Computer vision", ICRA's "Robot learning"), never a topic, and nothing at other corpora. The
# parts follow the subject areas of CVPR's call for papers (3D from multi-view and sensors, low-level vision,
# image and video synthesis, vision and language, video, humans, recognition, transfer and low-shot learning) and
# the IEEE RAS keyword groups (mechanisms and design, planning and control, localization and mapping,
# manipulation, human-robot interaction, field robots, medical robots, robot learning), perception apart from
# localization (final panel 41). "Name ! Broad: ..." names nothing at a corpus whose subject is Broad (a quarter of
# its titles): robots' "planning", "search" and "sampling" are not those of AI search or of MCMC; "Name ! A ! B" is
# away from both. "Name < Parent: ..." without "area" is a narrow field of Parent: it names topics and areas of a
# venue whose subject is Parent, and nothing elsewhere (human-computer interaction's, :mod:`lexicon_hci`).
# "Name ~: ..." is no venue's own subject however many of its titles hold it: every ML venue of 2015-2019 writes of
# neural networks.
# Why entries were added, split, narrowed or removed, with the panels that judged them: docs/development.md
# ("The field lexicon's history").
_BEFORE_ROBOTICS = """
Optimization algorithms and convergence | Optimization: stochastic optimization; convex optimization; nonconvex
    optimization; non-convex optimization; gradient descent; sgd; stochastic gradient; convergence rate; minimax
    optimization; first-order method; variance reduction; saddle point; bilevel optimization; zeroth-order; adam;
    momentum; proximal; optimization algorithm; convergence analysis
Training dynamics and loss landscapes | Training dynamics: sharpness; loss landscape; training dynamics; edge of
    stability; grokking; weight decay; learning rate; implicit bias; implicit regularization; sharpness-aware
    minimization
Deep learning theory and generalization | Deep learning theory: neural network theory; expressivity; expressive
    power; universal approximation; approximation theory; provable guarantee; generalization bound; neural tangent
    kernel; overparameterized; over-parameterized; feature learning; two-layer; double descent; generalization
    error; deep learning theory; infinite width; mean-field
Statistical learning theory and estimation | Statistical learning theory: sample complexity; =minimax rate; pac
    learning; statistical learning; =estimator; =high-dimensional; learning theory; lower bound; vc dimension;
    hypothesis testing
Kernel methods and regression | Kernel methods: kernel method; kernel ridge; ridge regression; linear regression;
    kernel regression; random feature; reproducing kernel
Bandits and online learning | Bandits: bandit; regret; online learning; multi-armed bandit; contextual bandit;
    online convex optimization; best arm identification
Hypothesis testing | Testing: two-sample test; two-sample testing; hypothesis test; hypothesis testing;
    goodness-of-fit; independence test; independence testing; conditional independence test; kernel test; multiple
    testing; false discovery rate; permutation test; p-value; knockoff; sequential test; sequential testing
Bayesian nonparametrics: bayesian nonparametric; nonparametric bayesian; dirichlet process; chinese restaurant
    process; indian buffet process; pitman-yor; beta process; hierarchical dirichlet process; stick-breaking
Density estimation and mixture models | Density estimation: density estimation; density estimator; kernel density
    estimation; mixture model; gaussian mixture; mixture of gaussians; score matching; exponential family
Submodular optimization: submodular; submodularity; submodular maximization; submodular function; submodular
    minimization; matroid; diminishing returns
Ranking and preference learning | Ranking: learning to rank; ranking; pairwise comparison; pairwise comparisons;
    bradley-terry; plackett-luce; rank aggregation; preference learning
Robust statistics: robust estimation; robust mean estimation; robust statistics; heavy-tailed; heavy tails; huber;
    contamination; corrupted samples; outliers; median-of-means
Distribution learning and testing | Distribution testing: distribution testing; property testing; identity
    testing; closeness testing; distribution learning; learning distributions; discrete distributions
Reinforcement learning: reinforcement learning; rl; policy optimization; q-learning; markov decision process; mdp;
    reward; policy gradient; actor-critic; value function
Offline reinforcement learning: offline reinforcement learning; offline rl; offline dataset; conservative
Multi-agent reinforcement learning: multi-agent; marl; multi-agent reinforcement learning; cooperative
Imitation learning: imitation learning; behavior cloning; behavioral cloning; demonstration; learning from demonstration
Reward learning: inverse reinforcement learning; reward learning; reward model; reward function; preference-based
Games and equilibria | Games: game; nash equilibrium; equilibrium; equilibria; mechanism design; auction; game
    theory
Computational social choice | Social choice: social choice; computational social choice; voting; voter; election;
    committee election; approval voting; ballot; preference aggregation; fair division; envy-free; envy-freeness;
    participatory budgeting; apportionment; stable matching; indivisible good; indivisible item; indivisible chore;
    maximin share; efx; cake cutting; fair allocation; winner; multiwinner; multi-winner
"""
_AFTER_ROBOTICS = """
LLM reasoning and chain-of-thought | LLM reasoning: reasoning; chain-of-thought; mathematical reasoning;
    math reasoning; problem-solving; theorem proving; reasoning model; grpo; rlvr; verifiable reward; test-time
    scaling; test-time compute;
    +language model; +llm; +large language model; +gpt; +chatgpt; +prompt; +prompting; +instruction
LLM agents: llm agent; agent; planning; tool use;
    +language model; +llm; +large language model; +gpt; +chatgpt; +prompt; +prompting; +instruction
LLM alignment and preference learning | LLM alignment: alignment; rlhf; human feedback; preference optimization;
    direct preference optimization; dpo; preference; reward model;
    +language model; +llm; +large language model; +gpt; +chatgpt; +prompt; +prompting; +instruction
LLM safety and jailbreaks | LLM safety: jailbreak; jailbreaking; red teaming; red-teaming; harmful; safety
    alignment; refusal; guardrail;
    +language model; +llm; +large language model; +gpt; +chatgpt; +prompt; +prompting; +instruction
Efficient LLM inference and long context | Efficient LLM inference: kv cache; key-value cache; speculative decoding;
    long context; long-context; inference acceleration; serving; context window; efficient inference;
    +language model; +llm; +large language model; +gpt; +chatgpt; +prompt; +prompting; +instruction
LLM pretraining and scaling laws | LLM pretraining: scaling law; pretraining data; pre-training data; data
    mixture; data mixing; pretraining corpus; pre-training corpus; compute-optimal; language model pretraining;
    llm pretraining;
    +language model; +llm; +large language model; +gpt; +chatgpt; +prompt; +prompting; +instruction
LLM evaluation and benchmarks | LLM evaluation: llm-as-a-judge; llm-as-judge; llm judge; llm evaluator; evaluator;
    human judgment; automatic evaluation; evaluation metric; benchmarking; benchmark contamination; leaderboard;
    +language model; +llm; +large language model; +gpt; +chatgpt; +prompt; +prompting; +instruction
Instruction tuning and synthetic data | Instruction tuning: instruction tuning; instruction-tuning; instruction
    data; instruction following; synthetic data; data synthesis; self-instruct; supervised fine-tuning; sft; model
    collapse;
    +language model; +llm; +large language model; +gpt; +chatgpt; +prompt; +prompting; +instruction
Parameter-efficient fine-tuning: lora; low-rank adaptation; fine-tuning; adapter; prompt tuning; parameter-efficient
    fine-tuning; peft
Retrieval-augmented generation: retrieval-augmented generation; rag; retrieval augmentation; retriever
Code generation: code generation; program synthesis; code; programming; software engineering
In-context learning: in-context learning; icl; in-context
Interpretability and explainability | Interpretability: interpretability; feature attribution; explanation;
    explainability; saliency map; concept bottleneck; concept-based; concept activation
Mechanistic interpretability: mechanistic interpretability; sparse autoencoder; circuit; probing; activation
    patching; attention head; induction head; superposition; steering vector; activation steering; logit lens;
    representation engineering
Watermarking and generated content detection | Watermarking: watermark; watermarking; machine-generated text;
    generated text detection; copyright; deepfake
Hallucination and factuality | Factuality: hallucination; factuality; knowledge editing; model editing; factual
    knowledge
Machine translation and multilingual NLP: machine translation; multilingual; translation; low-resource language
Sentiment analysis and opinion mining | Sentiment analysis: sentiment analysis; sentiment; opinion mining; opinion;
    emotion; emotion recognition; stance detection; sarcasm; aspect-based sentiment
Emotion and empathy | Emotion: emotion; emotion recognition; emotional; empathy; empathetic; emotional support;
    affective; emotion cause; emotion classification
Question answering and reading comprehension | Question answering: question answering; qa; reading comprehension;
    open-domain question answering; multi-hop; answer selection
Dialogue systems and conversational agents | Dialogue systems: dialogue; dialog; conversational; conversation;
    chatbot; dialogue system; response generation; task-oriented dialogue; dialogue state tracking
Text summarization | Summarization: summarization; summary; abstractive summarization; extractive summarization
Information extraction and named entity recognition | Information extraction: information extraction; named
    entity recognition; ner; relation extraction; event extraction; entity linking; slot filling; named entity;
    knowledge base; kb; entity; entity typing; knowledge base population; open information extraction; keyphrase
    extraction; text mining
Syntactic parsing and tagging | Parsing: parsing; parser; dependency parsing; constituency parsing; syntactic;
    syntax; =part-of-speech; =pos tagging; treebank; grammar; =sequence labeling
Semantics and natural language inference | Semantics: natural language inference; nli; textual entailment; entailment;
    semantic similarity; semantic role labeling; word sense disambiguation; semantic parsing; paraphrase
Word embeddings and lexical semantics | Word embeddings: word embedding; word vector; word2vec; lexical semantics;
    word representation; distributional semantics; word sense; lexical
Text classification: text classification; document classification; text categorization; short text
Topic models: topic model; topic modeling; latent dirichlet allocation
Morphology and tokenization | Morphology: morphology; morphological; word segmentation; tokenization; tokenizer;
    phonology; subword; inflection
Social media and misinformation | Social media: social media; twitter; tweet; hate speech; =misinformation; =fake
    news; computational social science; offensive language; toxicity
Argument mining: argument mining; argumentation mining; argumentative; argument quality; argument generation;
    counter-argument; counterargument; persuasion; persuasive; claim detection
Computational argumentation | Argumentation: argumentation framework; abstract argumentation; argumentation
    semantics; bipolar argumentation; structured argumentation; assumption-based argumentation; value-based
    argumentation; argumentation system
Knowledge representation and logical reasoning | Knowledge representation: knowledge representation; description
    logic; ontology; logic programming; logic program; answer set programming; answer set; nonmonotonic reasoning;
    non-monotonic; default logic; belief revision; modal logic; epistemic logic; first-order logic; temporal logic;
    commonsense reasoning; reasoning about action; automated reasoning; theorem proving; knowledge base; logical
Search, satisfiability and planning | Search and planning ! Robot learning: heuristic search; search algorithm;
    best-first search; satisfiability; sat solver; sat; constraint satisfaction; csp; constraint programming;
    =automated planning; =classical planning; =planning problem; =pddl; state space search; model checking; np-hard;
    computational complexity; local search; branch and bound; backtracking; hard problem; branching factor; decision
    diagram; genetic algorithm; evolutionary algorithm
Multi-agent systems and human-AI interaction | Multi-agent systems: multi-agent system; autonomous agent;
    agent-based; negotiation; coalition; human-agent; human-ai;
    bdi; mixed-initiative; explainable agent; user study
Discourse structure and reference | Discourse: discourse; discourse structure; discourse relation; rhetorical
    structure; coherence; centering; =anaphora; =anaphora resolution; =referring expression; =reference resolution;
    discourse parsing
Lexical semantics and word meaning | Lexical semantics: lexical semantics; lexical semantic; verb; verb class;
    adjective; noun; word meaning; selectional preference; wordnet; semantic class; thesaurus; lexical resource;
    lexicon; compositionality; compound
Cognitive modeling of language | Cognitive modeling: cognitive model; cognitive modeling; psycholinguistic;
    psycholinguistics; sentence processing; human sentence processing; reading time; eye-tracking; eye movement;
    language acquisition; child language; surprisal; human language processing; language learning; human-like;
    cognitively plausible; cognitive plausibility; syntactic generalization
Computational sociolinguistics | Sociolinguistics: sociolinguistic; sociolinguistics; dialect; language variation;
    social meaning; social variable; stylistic variation; stylometric; social context; social power; social implication
Social bias and stereotypes | Social bias: social bias; gender bias; stereotype; demographic; gender
Classification methods and evaluation | Classification: classification method; classification algorithm;
    classifier combination; ensemble of classifiers; linear classifier; multi-class; multiclass; binary
    classification; naive bayes; logistic regression; nearest neighbor; k-nearest neighbor; classification accuracy;
    evaluation metric; cross-validation
Depth estimation and stereo | Depth and stereo: depth estimation; monocular depth; stereo; stereo matching; depth
    completion; multi-view stereo; depth map
Structure from motion and multi-view geometry | Multi-view geometry: structure from motion; sfm; multi-view
    geometry; camera pose; relative pose; bundle adjustment; scene geometry; essential matrix; homography;
    absolute pose
Object pose estimation | Object pose: 6d pose; object pose; 6-dof pose; 6dof pose; category-level pose
3D scene understanding: scene understanding; 3d object; 3d shape recognition; 3d representation; 3d understanding
Probabilistic graphical models | Graphical models: graphical model; bayesian network; markov random field;
    conditional random field; crf; belief propagation; hidden markov model; hmm; factor graph; map inference;
    structure learning; markov network; junction tree; treewidth; variable elimination; maximum entropy model;
    probabilistic inference; causal model
Decision trees and ensemble methods | Ensemble methods: decision tree; random forest; boosting; gradient boosting;
    adaboost; bagging; tree ensemble
Sparse learning and feature selection | Feature selection: feature selection; variable selection; lasso; sparse
    regression; sparse linear model; sparse learning; sparse coding; dictionary learning; sparse representation;
    sparse recovery; compressed sensing; l1; group lasso
Support vector machines and kernels | SVMs: support vector machine; svm; maximum margin; large margin
Vision-language and multimodal models | Multimodal models: vision-language; vision language; vlm; multimodal;
    multi-modal; clip; mllm; image-text; visual question answering; vqa; image captioning
Text-to-image generation and editing | Image generation: text-to-image; image generation; image editing; image
    synthesis; personalization; stable diffusion
Action recognition: action recognition; action detection; action localization; temporal action localization;
    temporal action detection; activity recognition; action segmentation; skeleton-based action recognition; human
    action; action anticipation
Video understanding and generation | Video: video; =video generation; =text-to-video; =video synthesis; =video
    diffusion; =video editing; video understanding; action recognition; temporal grounding
Visual question answering and reasoning | Visual question answering: visual question answering; vqa; visual
    reasoning; visual dialog; visual dialogue; embodied question answering; question answering; +image; +visual;
    +video; +vision; +scene; +embodied; +vqa; +chart; +diagram; +3d
Saliency detection and gaze prediction | Saliency detection: salient object detection; salient object; saliency
    detection; =saliency prediction; video saliency; co-saliency; visual saliency; =fixation prediction; =eye
    fixation; =gaze prediction
Visual grounding and image-text matching | Visual grounding: visual grounding; referring expression; phrase
    grounding; phrase localization; textual grounding; referring image segmentation; image-text matching; image
    and sentence matching; image-sentence matching; cross-modal retrieval; image-text retrieval; grounding; referring;
    visual-semantic embedding; cross-modal; +image; +visual; +video; +vision; +object; +region; +scene; +segmentation
Face recognition and facial analysis | Faces: face recognition; face detection; face alignment; face verification; face
    reconstruction; face anti-spoofing; face image; facial; facial expression; facial landmark; morphable model;
    3dmm
Local features and matching | Feature matching: feature matching; local descriptor; local feature; feature
    descriptor; image matching; semantic correspondence; dense correspondence; feature correspondence; descriptor
    learning; descriptor; correspondence
Scene graphs and visual relationships | Scene graphs: scene graph; scene graph generation; visual relationship;
    visual relationship detection; relationship detection
3D reconstruction and novel view synthesis | 3D reconstruction: nerf; neural radiance field; gaussian splatting; 3d
    gaussian splatting; novel view synthesis; 3d reconstruction; scene reconstruction; 3d scene; 3d generation;
    radiance field; neural rendering; rendering; inverse rendering; view synthesis; multi-view; surface reconstruction;
    shape reconstruction; 3d shape; mesh; signed distance function; sdf; implicit surface
Point clouds and 3D perception: point cloud; lidar; 3d object detection; 3d perception; depth estimation
Object detection and segmentation | Object detection: ^object detection; segmentation; semantic segmentation;
    instance segmentation; ^detection transformer
Image restoration and inverse problems: image restoration; super-resolution; deblurring; denoising; inverse problem;
    image reconstruction
Human motion and pose: human motion; motion generation; pose estimation; motion prediction; avatar; human pose;
    hand pose; hand-object interaction; gesture
Self-supervised and contrastive learning | Self-supervised learning: self-supervised learning; self-supervised;
    contrastive learning; contrastive; ssl; representation learning; masked image modeling; masked autoencoder
Vision transformers: vision transformer; vit; swin transformer; patch token
Diffusion models: diffusion model; diffusion; score-based; denoising diffusion; score matching; diffusion
    probabilistic model
Flow matching and normalizing flows | Flow matching: flow matching; normalizing flow; rectified flow; continuous
    normalizing flow
Optimal transport: optimal transport; wasserstein; schrodinger bridge; transport map; sinkhorn
Variational autoencoders and latent variable models: vae; variational autoencoder; latent variable; latent variable
    model
Generative adversarial networks: gan; generative adversarial network; generative adversarial
Adversarial robustness and attacks | Adversarial robustness: adversarial attack; adversarial robustness; certified
    robustness; adversarial example; adversarial sample; adversarial training; adversarial perturbation; adversarial
    prompt; adversarial suffix; adversarial defense; adversarial defence; perturbation
Backdoor and data poisoning attacks | Backdoor attacks: backdoor; backdoor attack; poisoning; data poisoning; trojan
Differential privacy: differential privacy; differentially private; dp; privacy; private
Privacy attacks and machine unlearning | Machine unlearning: membership inference; unlearning; machine unlearning;
    privacy attack; data extraction
Federated learning: federated learning; fl; federated; client
Algorithmic fairness: fairness; fair; demographic parity; group fairness; bias; discrimination; +machine learning;
    +learn; +learned; +classifier; +classification; +prediction; +predictor; +predictive; +dataset; +training;
    +representation; +ranking; +recommendation; +recommender; +language model; +llm; +bias; +clustering;
    +regression; +demographic parity; +sensitive attribute; +protected attribute; +group fairness; +individual
    fairness; +equalized odds; +disparate impact; +debiasing; +neural network
Out-of-distribution detection and generalization | Out-of-distribution detection: out-of-distribution; ood; ood
    detection; out-of-distribution detection; domain generalization; distribution shift; open-world; open-set
Domain adaptation and transfer learning | Domain adaptation: domain adaptation; transfer learning; test-time
    adaptation; unsupervised domain adaptation; source domain; target domain
Uncertainty quantification and calibration | Uncertainty quantification ! Robot learning: uncertainty; calibration;
    conformal prediction; uncertainty quantification; uncertainty estimation; bayesian neural network
Anomaly detection: anomaly detection; anomaly; outlier detection; outlier
Weakly and semi-supervised learning | Semi-supervised learning: weak supervision; weakly supervised;
    semi-supervised learning; semi-supervised; pseudo-label; partial label; unlabeled data; positive-unlabeled
Learning with noisy labels | Noisy labels: noisy label; label noise; noisy labels; label corruption; corrupted
    labels; learning with noisy labels; noisy annotation
Graph neural networks: graph neural network; gnn; message passing; graph; node classification; link prediction;
    graph learning; graph transformer; +graph neural network; +gnn; +message passing; +node classification; +link
    prediction; +graph learning; +graph transformer; +graph representation learning; +graph convolutional; +gcn;
    +node embedding; +graph embedding
Graph algorithms and network analysis | Graph algorithms: random graph; graph partitioning; community
    detection; spectral graph; graph matching; graph cut; shortest path; network analysis; social network; graph
    mining; planted partition; stochastic block model
Geometric and equivariant deep learning: equivariant; equivariance; symmetry; geometric deep learning; invariance;
    group equivariant; manifold; hyperbolic
Knowledge graphs and reasoning: knowledge graph; knowledge graph completion; link prediction; logical reasoning
"""
_AFTER_SCIENCE = """
Time series forecasting and analysis | Time series: time series; forecasting; time-series; temporal; sequential data
Causal inference and treatment effects | Causal inference: causal inference; treatment effect; causal effect;
    counterfactual; individual treatment effect; instrumental variable
Causal discovery: causal discovery; causal structure; causal graph; structure learning; dag
Recommender systems ! Robot learning: recommendation; recommender; recommender system; collaborative filtering
Tabular data: tabular; tabular data
Audio-visual learning: audio-visual; audiovisual; sound source localization; visual sound; sound separation; audio;
    sound; +video; +visual; +image; +vision; +face; +lip; +talking
Speech and audio processing | Audio: speech; audio; music; speaker; asr; sound; speech recognition; text-to-speech;
    +speech; +speaker; +asr; +spoken; +voice
Audio processing | Audio: audio; sound
Continual learning and catastrophic forgetting | Continual learning: continual learning; catastrophic forgetting;
    lifelong learning; incremental learning; class-incremental
Meta-learning and few-shot learning | Meta-learning: meta-learning; few-shot; few-shot learning; meta learning
Data selection and dataset distillation | Data selection: data selection; dataset distillation; data pruning;
    coreset; data valuation; data quality; dataset condensation
Active learning: active learning; query strategy; labeling budget; uncertainty sampling; active sampling
Knowledge distillation ! Robot learning: knowledge distillation; distillation; teacher; student
Network pruning and sparsity | Network pruning: pruning; lottery ticket; network pruning; sparse training; sparse
    neural network; sparse network; structured sparsity; weight sparsity; activation sparsity
Quantization and efficient inference | Quantization: quantization; low-bit; binary neural network; compression;
    model compression; post-training quantization
Mixture of experts: mixture of experts; mixture-of-experts; moe; routing
Spiking neural networks: spiking neural network; snn; spiking; neuromorphic
Clustering: clustering; cluster; k-means; spectral clustering
Multi-label classification: multi-label; multilabel; multi-label classification; multi-label learning; extreme
    multi-label; extreme classification; label-specific feature; partial multi-label; label correlation
Multi-view learning: multi-view learning; multi-view clustering; multi-view classification; multi-view subspace;
    multi-view data; multi-view representation learning; incomplete multi-view; multi-view semi-supervised
Combinatorial optimization and integer programming | Combinatorial optimization: combinatorial optimization;
    integer programming; milp; mixed-integer; routing problem; vehicle routing; tsp; scheduling; sat;
    constraint satisfaction
Sampling and MCMC ! Robot learning: mcmc; langevin; sampling; monte carlo; markov chain monte carlo; sampler
Bayesian inference and variational methods: bayesian; =variational inference; posterior; probabilistic; bayesian
    inference; =approximate inference
Gaussian processes and Bayesian optimization: gaussian process; =bayesian optimization; gp; =acquisition function
Hyperparameter optimization and AutoML: hyperparameter; neural architecture search; automl; hyperparameter
    optimization; nas
Transformers and attention | Transformers: self-attention; attention mechanism; multi-head attention; attention head;
    positional encoding; transformer architecture; linear attention; softmax attention; transformer layer
State space models and sequence modeling: state space model; ssm; mamba; sequence modeling; long sequence
Recurrent neural networks | Recurrent networks: recurrent neural network; recurrent network; rnn; lstm; long
    short-term memory; gated recurrent unit; gru
Dynamical systems and neural ODEs: dynamical system; ode; neural ode; koopman; chaotic; ordinary differential
    equation
Low-rank matrix[ and tensor] methods: matrix completion; low-rank; =tensor decomposition; sketching;
    matrix factorization; =tensor; principal component analysis; pca
Information retrieval and search | Information retrieval ! Robot learning: information retrieval; retrieval; search;
    ranking; dense retrieval
Dimensionality reduction and embeddings: dimensionality reduction; manifold learning; visualization; t-sne; umap;
    low-dimensional embedding; embedding method
AI governance and societal impact: governance; societal impact; ethics; ethical; regulation; policy maker; ai
    safety; societal
area Statistical learning and optimization | Learning theory: optimization; convergence; gradient descent; sgd;
    generalization bound; sample complexity; regret; learning theory; convex; stochastic gradient; kernel;
    theoretical analysis; minimax; statistical
area Reinforcement learning and decision making | Reinforcement learning: reinforcement learning; rl; policy;
    reward; mdp; bandit; regret; imitation learning; multi-agent; game; decision-making; planning
area Large language models: language model; llm; large language model; prompt; instruction; in-context learning;
    reasoning; fine-tuning; alignment; text; +llm; +large language model; +gpt; +chatgpt; +prompt; +prompting;
    +instruction; +in-context learning; +foundation model; +pretrained language model; +pre-trained language model
area Computer vision: image; video; vision; visual; 3d; object detection; segmentation; point cloud; camera; pixel;
    scene
area Natural language processing: natural language processing; nlp; natural language; linguistic; computational
    linguistics; natural language understanding
area Vision and multimodal models | Vision models: vision-language; multimodal; multi-modal; vlm; clip; image;
    video; text-to-image; visual
area Generative models: generative model; diffusion; diffusion model; flow matching; vae; gan; generation;
    generative; sampling; score-based
area Trustworthy and reliable machine learning | Trustworthy machine learning: adversarial; robustness; privacy;
    fairness; out-of-distribution; ood; backdoor; uncertainty; calibration; explanation; interpretability;
    unlearning; attack; distribution shift; safety; bias; watermark
area Graph and geometric learning | Graph learning: graph; gnn; graph neural network; equivariant; equivariance;
    geometric; symmetry; manifold; node; topological
area Probabilistic methods and inference | Probabilistic inference: bayesian; variational inference; posterior;
    probabilistic; gaussian process; mcmc; sampling; uncertainty; inference
area AI for science: molecule; molecular; protein; drug; single-cell; cell type; gene; pde; physics; chemical;
    material; scientific; biology; climate; weather; simulation
area Robot learning: robot; robotic; manipulation; navigation; locomotion; autonomous driving; embodied; grasping;
    policy learning
area Efficient deep learning: pruning; quantization; sparsity; compression; distillation; efficient inference;
    mixture of experts; efficiency; memory; acceleration; low-rank
area Speech and audio: speech; audio; music; sound; speaker
area Deep learning methods and theory | Deep learning ~: neural network; deep neural network; deep network; deep
    learning; dnn; cnn; convolutional neural network; convolutional network; convolutional; convnet; resnet;
    residual network; batch normalization; normalization; dropout; backpropagation; activation function; relu;
    initialization; network architecture; deep net; layer
area Time series and dynamical systems | Time series: time series; forecasting; dynamical system; temporal; ode;
    sequential
area Causal inference: causal; causal inference; causal discovery; treatment effect; counterfactual; confounder
area Healthcare and medicine | Healthcare: medical; clinical; healthcare; patient; disease; health; ehr
area Representation learning: representation learning; self-supervised; contrastive learning; embedding;
    pre-training; foundation model
area 3D vision and geometry | 3D vision < Computer vision: 3d; point cloud; depth; depth estimation; stereo;
    structure from motion; multi-view; multi-view stereo; mesh; 3d shape; 3d reconstruction; surface
    reconstruction; novel view synthesis; nerf; neural radiance field; gaussian splatting; voxel; camera pose;
    relative pose; bundle adjustment; epipolar; homography; rolling shutter; light field; photometric stereo;
    lidar; slam; visual odometry; camera calibration; rgb-d; scene reconstruction; geometry; geometric
area Low-level vision and image restoration | Low-level vision < Computer vision: super-resolution; deblurring;
    blur; denoising; dehazing; haze; deraining; rain; image restoration; restoration; inpainting; low-light; image
    enhancement; enhancement; image compression; video compression; hdr; high dynamic range; demosaicking;
    reflection removal; shadow removal; computational imaging; computational photography; raw image; exposure
area Image and video generation | Image generation < Computer vision: generative adversarial network; gan; image
    synthesis; image generation; video generation; image editing; style transfer; image-to-image translation;
    image translation; text-to-image; diffusion; diffusion model; generative model; synthesis; talking head
area Vision and language < Computer vision: vision-language; vision and language; visual question answering; vqa;
    captioning; image captioning; video captioning; referring expression; visual grounding; grounding;
    cross-modal retrieval; image-text; multimodal; multi-modal; language model; vlm; clip; visual dialog; visual
    reasoning; natural language; text
area Video understanding and action recognition | Video understanding < Computer vision: video; =action recognition;
    =action detection; =action localization; =temporal action; =activity recognition; activity; tracking; object
    tracking; multi-object tracking; visual tracking; tracker; optical flow; motion estimation; video object
    segmentation; event camera; temporal
area Video understanding and tracking | Video understanding < Computer vision: video; action recognition; action
    detection; action localization; temporal action; activity recognition; activity; =tracking; =object tracking;
    =multi-object tracking; =visual tracking; =tracker; optical flow; motion estimation; video object segmentation;
    event camera; temporal
area Face and people analysis | Human-centric vision < Computer vision: face; facial; face recognition; human
    pose; person re-identification; re-identification; person; pedestrian; gesture; hand pose; human body; body
    pose; human motion; crowd counting; crowd; gait; facial expression; people; clothing; garment; skeleton
area Recognition, detection and segmentation | Recognition < Computer vision: object detection; detection; detector;
    segmentation; semantic segmentation; instance segmentation; panoptic; image classification; object
    recognition; fine-grained; image retrieval; scene parsing; salient object; counting
area Representation and label-efficient learning | Representation learning < Computer vision: self-supervised;
    semi-supervised; unsupervised; weakly supervised; few-shot; zero-shot; domain adaptation; domain
    generalization; continual learning; incremental learning; metric learning; hashing; knowledge distillation;
    long-tail; long-tailed; contrastive learning; active learning; noisy label; transfer learning; meta-learning;
    representation learning
"""


# At a venue of human-computer interaction ML's fields of HCI's words and all robotics' fields name nothing
# (:data:`analysis.model.lexicon_hci.AWAY_FROM_HCI`).
FIELDS = "\n".join(
    away_from(part, HCI_VENUE, None if part is ROBOTICS else AWAY_FROM_HCI)
    for part in (_BEFORE_ROBOTICS, ROBOTICS, _AFTER_ROBOTICS, SCIENCE, _AFTER_SCIENCE, ROBOTICS_PARTS, HCI)
)
