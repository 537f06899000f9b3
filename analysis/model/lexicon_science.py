"""The fields of the lexicon on the sciences and the brain (:mod:`analysis.model.lexicon`), written as it is.

Molecules, proteins, biology, physical simulation, weather, the brain and medicine: written by hand, as the rest of
the lexicon (:mod:`analysis.model.fields` says from what). Computational neuroscience, neuromorphic hardware and
source separation follow the subject areas of NeurIPS's calls for papers of the 1990s and 2000s (neuroscience:
neural coding and synaptic plasticity; implementations: analog VLSI; speech and signal processing: blind source
separation and ICA). Without them NeurIPS 1993-2007's groups on these subjects were named by a modern field their
cues share ("Spiking neural networks", "Neuroscience and brain data") or by fragments ("Chip and analog", "WTA"):
2.00-3.00 of 5 in dev panel 120.
"""

SCIENCE = """
Molecules, proteins and drug discovery | Drug discovery: protein; antibody; molecule; molecular; drug discovery;
    drug; ligand; docking; molecular generation; chemical; retrosynthesis; material; crystal; +protein; +antibody;
    +molecule; +molecular; +drug discovery; +drug design; +ligand; +docking; +retrosynthesis; +crystal structure
Proteins and structural biology | Proteins: protein; antibody; protein structure; protein design; peptide; enzyme
Computational biology and genomics | Computational biology: single-cell; gene; genomic; genomics; cell; biology;
    dna; rna; biological; perturbation; +gene; +genomic; +genomics; +biology; +dna; +rna; +perturbation; +protein;
    +sequencing; +transcriptomic; +omics; +molecular
Neural PDE solvers and scientific ML | Neural PDE solvers: pde; partial differential equation; neural operator;
    physics-informed; pinn; fluid; physical system; scientific machine learning
Weather and climate modeling: weather; climate; weather forecasting; earth system
Neuroscience and brain data | Neuroscience: brain; neural data; fmri; eeg; neuroscience; neural activity; cortex;
    cortical; neural recording; electrophysiology
Computational neuroscience and neural coding | Computational neuroscience: neural coding; neural code; population
    coding; population code; spike train; spike timing; spike-timing; receptive field; visual cortex; primary visual
    cortex; firing rate; integrate-and-fire; spiking neuron; synaptic plasticity; synaptic; synapse; stdp; hebbian
Neuromorphic hardware and analog VLSI | Neuromorphic hardware: vlsi; analog vlsi; avlsi; chip; silicon; analog
    circuit; silicon retina; neuromorphic; +vlsi; +avlsi; +analog; +silicon; +circuit; +neuromorphic
Source separation and ICA | Source separation: independent component analysis; ica;
    blind source separation; source separation; blind separation; blind deconvolution; cocktail party
Medical imaging and healthcare | Healthcare: medical; clinical; healthcare; patient; medical image; ehr; health;
    disease; +image; +imaging; +mri; +ct; +x-ray; +radiology; +radiograph; +ultrasound; +scan; +segmentation;
    +pathology; +histopathology; +endoscopy; +lesion
Clinical and biomedical NLP | Clinical NLP: clinical; biomedical; medical; patient; ehr; health; healthcare;
    disease; +text; +language; +nlp; +note; +report; +question; +dialogue; +llm; +language model
Quantum machine learning: quantum; quantum computing; quantum circuit
"""
