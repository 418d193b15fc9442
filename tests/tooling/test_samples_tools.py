"""The samples tooling (tools/samples, `build.py samples`): finding and classifying asc-devkit's
samples, building/running/checking them on the sim, the kernel API probe, and the generated
documents' headers. The runner and the probe are exercised on small trees written here in
asc-devkit's layout (our own code, no CANN text); with CANN_SOURCES_DIR set, also on 2-3 of
CANN's real samples and pages."""
import pathlib
import re
import subprocess
import sys

import pytest

from tests.build_support import BUILD, ROOT
from tests.cann.cann_sources import cann_checkout

SAMPLES_TOOLS = ROOT / "tools" / "samples"
sys.path.insert(0, str(SAMPLES_TOOLS))
import api_catalog  # noqa: E402
import api_table  # noqa: E402
import catalog  # noqa: E402
import samples_runner  # noqa: E402

SIM_LIB = BUILD / "sim"
A2_PRODUCTS = "| 产品 | 版本 |\n|---|---|\n| Atlas A2 训练系列产品/Atlas A2 推理系列产品 | >= 9.0 |\n"
RUN_BLOCK = ("```bash\nmkdir -p build && cd build;\ncmake ..;make -j;\npython3 ../scripts/gen_data.py   # data\n"
             "./demo\npython3 ../scripts/verify_result.py output/output.bin output/golden.bin\n```\n")
KERNEL = """#include <cstdio>
#include <vector>
#include "acl/acl.h"
#include "kernel_operator.h"
__global__ __aicore__ void twice(GM_ADDR x, GM_ADDR y) {
    AscendC::TPipe pipe;
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 64 * sizeof(float));
    AscendC::LocalTensor<float> t = buf.Get<float>();
    AscendC::GlobalTensor<float> xGm, yGm;
    xGm.SetGlobalBuffer((__gm__ float*)x + AscendC::GetBlockIdx() * 64, 64);
    yGm.SetGlobalBuffer((__gm__ float*)y + AscendC::GetBlockIdx() * 64, 64);
    AscendC::DataCopy(t, xGm, 64);
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::%(op)s;
    AscendC::PipeBarrier<PIPE_ALL>();
    AscendC::DataCopy(yGm, t, %(out)d);
}
int main() {
    std::vector<float> x(256);
    FILE* in = std::fopen("input/x.bin", "rb");
    if (!in || std::fread(x.data(), 4, 256, in) != 256) return 2;
    std::fclose(in);
    aclInit(nullptr); aclrtSetDevice(0);
    aclrtStream s; aclrtCreateStream(&s);
    void *xd, *yd;
    aclrtMalloc(&xd, 1024, ACL_MEM_MALLOC_HUGE_FIRST); aclrtMalloc(&yd, 1024, ACL_MEM_MALLOC_HUGE_FIRST);
    aclrtMemcpy(xd, 1024, x.data(), 1024, ACL_MEMCPY_HOST_TO_DEVICE);
    twice<<<4, nullptr, s>>>((uint8_t*)xd, (uint8_t*)yd);
    aclrtSynchronizeStream(s);
    aclrtMemcpy(x.data(), 1024, yd, 1024, ACL_MEMCPY_DEVICE_TO_HOST);
    FILE* out = std::fopen("output/output.bin", "wb");
    std::fwrite(x.data(), 4, 256, out);
    std::fclose(out);
    return 0;
}
"""
GEN_DATA = ("import numpy as np, os\nos.makedirs('input', exist_ok=True); os.makedirs('output', exist_ok=True)\n"
            "x = np.arange(256, dtype=np.float32)\nx.tofile('input/x.bin'); (x * 2).tofile('output/golden.bin')\n")
VERIFY = ("import sys, numpy as np\nok = np.array_equal(np.fromfile(sys.argv[1], np.float32), "
          "np.fromfile(sys.argv[2], np.float32))\nprint('test pass!' if ok else 'test failed!')\n"
          "sys.exit(0 if ok else 1)\n")


def write_sample(root: pathlib.Path, name: str, source: str, readme: str = A2_PRODUCTS + RUN_BLOCK,
                 scripts: bool = True) -> None:
    directory = root / "asc-devkit" / catalog.EXAMPLES / name
    directory.mkdir(parents=True)
    stem = directory.name
    (directory / f"{stem}.asc").write_text(source)
    (directory / "CMakeLists.txt").write_text(f"project(x LANGUAGES ASC CXX)\nadd_executable(demo\n    {stem}.asc\n)\n"
                                              "target_compile_definitions(demo PRIVATE SCALE=2)\n")
    (directory / "README.md").write_text(readme)
    if scripts:
        (directory / "scripts").mkdir()
        (directory / "scripts" / "gen_data.py").write_text(GEN_DATA)
        (directory / "scripts" / "verify_result.py").write_text(VERIFY)


@pytest.fixture(scope="module")
def fake_sources(tmp_path_factory):
    """An asc-devkit tree of five samples: correct, wrong result, missing API, cube, not A2/A3."""
    root = tmp_path_factory.mktemp("cann")
    write_sample(root, "01_demo/good", KERNEL % {"op": "Muls(t, t, (float)SCALE, 64)", "out": 64})
    write_sample(root, "01_demo/wrong", KERNEL % {"op": "Muls(t, t, 3.0f, 64)", "out": 64})
    write_sample(root, "01_demo/missing", KERNEL % {"op": "NoSuchVectorApi(t, 64)", "out": 64})
    write_sample(root, "01_demo/overrun", KERNEL % {"op": "Muls(t, t, 2.0f, 64)", "out": 128})
    write_sample(root, "02_cube/mm", KERNEL % {"op": "Mmad(t, t, t, 64)", "out": 64})
    write_sample(root, "03_950/only", KERNEL % {"op": "Muls(t, t, 2.0f, 64)", "out": 64},
                 readme="| Ascend 950PR | >= 9.1 |\n" + RUN_BLOCK)
    return root


def test_catalog_classifies_and_reads_the_readme_steps(fake_sources):
    samples = {s.name: s for s in catalog.find_samples(fake_sources / "asc-devkit")}
    assert {n: s.kind for n, s in samples.items()} == {
        "01_demo/good": "vector", "01_demo/wrong": "vector", "01_demo/missing": "vector",
        "01_demo/overrun": "vector", "02_cube/mm": "cube", "03_950/only": "not A2/A3"}
    good = samples["01_demo/good"]
    assert [s.text() for s in good.steps] == ["python3 scripts/gen_data.py", "./demo",
                                              "python3 scripts/verify_result.py output/output.bin output/golden.bin"]
    assert good.program == "demo" and [p.name for p in good.sources] == ["good.asc"]
    assert good.definitions == ["SCALE=2"]


def test_readme_scenarios_and_cmake_defaults():
    lines = ["export SCENARIO_NUM=1", "cmake -DSCENARIO_NUM=$SCENARIO_NUM ..;make -j;",
             "python3 ../scripts/gen_data.py -scenarioNum=$SCENARIO_NUM -DCMAKE_ASC_ARCHITECTURES=dav-3510",
             "./demo", "msprof ./demo", "python3 ../scripts/verify_result.py -scenarioNum=$SCENARIO_NUM a b"]
    steps, variables = catalog.parse_steps(lines, "demo")
    assert variables == {"SCENARIO_NUM": "1"}
    # quant's gen_data.py reads the architecture option: the script is told A2's
    assert [s.text() for s in steps] == [
        "python3 scripts/gen_data.py -scenarioNum=1 -DCMAKE_ASC_ARCHITECTURES=dav-2201", "./demo",
        "python3 scripts/verify_result.py -scenarioNum=1 a b"]
    cmake = ("set(SCENARIO_NUM \"0\" CACHE STRING \"x\")\ntarget_compile_definitions(demo PRIVATE\n"
             "  NPU_ARCH=${NPU_ARCH_ID}\n  SCENARIO_NUM=${SCENARIO_NUM}\n)\nadd_definitions(-DUSE_X)\n")
    variables = catalog._cmake_variables(cmake, pathlib.Path("/s"), {})
    assert catalog.compile_definitions(cmake, variables) == ["NPU_ARCH=2201", "SCENARIO_NUM=0", "USE_X"]
    # an option left at its OFF default gives nothing its if() block defines; one at ON does
    cmake = ("option(USE_SILU_MODE \"x\" OFF)\noption(USE_Y \"y\" ON)\nif(USE_SILU_MODE)\n"
             "    target_compile_definitions(demo PRIVATE USE_SILU_MODE)\nendif()\n"
             "if(USE_Y)\n    target_compile_definitions(demo PRIVATE USE_Y)\nendif()\n")
    variables = catalog._cmake_variables(cmake, pathlib.Path("/s"), {})
    assert catalog.compile_definitions(cmake, variables) == ["USE_Y"]



def test_mode_options_and_script_arguments(tmp_path):
    """A definition under if(OPTION) follows the option's default unless the README sets it; a
    -DCMAKE_ option on a script's line is dropped, except the architecture (quant's gen_data.py reads it)."""
    cmake = ("option(USE_FRONT \"front mode\" OFF)\nif(USE_FRONT)\n  target_compile_definitions(demo PRIVATE USE_FRONT)\n"
             "else()\n  target_compile_definitions(demo PRIVATE USE_BACK)\nendif()\n")
    variables = catalog._cmake_variables(cmake, tmp_path, {})
    assert catalog.compile_definitions(cmake, variables) == ["USE_BACK"]
    variables = catalog._cmake_variables(cmake, tmp_path, {"USE_FRONT": "ON"})
    assert catalog.compile_definitions(cmake, variables) == ["USE_FRONT"]
    lines = ["python3 ../scripts/gen_data.py -DCMAKE_ASC_ARCHITECTURES=dav-2201 -DCMAKE_BUILD_TYPE=Debug", "./demo"]
    steps, _ = catalog.parse_steps(lines, "demo")
    assert [s.text() for s in steps] == ["python3 scripts/gen_data.py -DCMAKE_ASC_ARCHITECTURES=dav-2201", "./demo"]

@pytest.mark.slow  # builds four programs with g++
def test_runner_builds_runs_and_checks_each_sample(fake_sources, tmp_path):
    doc = tmp_path / "samples.md"
    results = {r.sample: r for r in samples_runner.main(str(fake_sources), SIM_LIB, tmp_path / "work",
                                                         output=doc)}
    assert set(results) == {"01_demo/good", "01_demo/wrong", "01_demo/missing", "01_demo/overrun"}
    good, wrong, missing, overrun = (results[f"01_demo/{n}"] for n in ("good", "wrong", "missing", "overrun"))
    assert (good.built, good.ran, good.correct, good.blocker) == (True, "yes", "yes", "")
    assert (wrong.built, wrong.ran, wrong.correct) == (True, "yes", "no") and "test failed" in wrong.detail
    assert (missing.built, missing.ran, missing.blocker) == (False, "-", "AscendC::NoSuchVectorApi")
    assert "missing.asc:" in missing.detail
    # A launch the sim stops: the check and the API name what stopped it.
    assert (overrun.built, overrun.ran, overrun.correct) == (True, "no", "no")
    assert overrun.blocker.startswith(("operand-bounds: DataCopy", "gm-declared-size: DataCopy")), overrun.blocker
    text = doc.read_text()
    assert text.startswith(samples_runner.doc_header(re.search(r" on (\d{4}-\d\d-\d\d);", text).group(1)))
    assert "built **3**, ran **2**, correct **1**" in text and "cube 1, not A2/A3 1" in text
    assert "| `AscendC::NoSuchVectorApi` | 1 |" in text


def test_runner_names_missing_sources(tmp_path):
    with pytest.raises(SystemExit, match="no CANN checkouts"):
        samples_runner.main(None, SIM_LIB, tmp_path)
    with pytest.raises(SystemExit, match="an asc-devkit checkout"):
        samples_runner.main(str(tmp_path), SIM_LIB, tmp_path)
    result = subprocess.run([sys.executable, ROOT / "build.py", "samples", "--sources", tmp_path],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode != 0 and "must hold an asc-devkit checkout" in result.stderr


API_PAGE = """# Add

## 产品支持情况

- Atlas A3 训练系列产品/Atlas A3 推理系列产品：支持
- Atlas A2 训练系列产品/Atlas A2 推理系列产品：支持

## 函数原型

- tensor前n个数据连续计算

    ```cpp
    template <typename T>
    __aicore__ inline void Add(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const int32_t& count)
    ```

- 一个不存在的形式

    ```cpp
    template <typename T, bool isSetMask = true>
    __aicore__ inline void NoSuchVectorApi(const LocalTensor<T>& dst, uint64_t mask[], const uint8_t repeatTime)
    ```

## 参数说明
"""


def write_api_pages(root: pathlib.Path) -> None:
    base = root / "asc-devkit" / api_catalog.API_ROOT
    arith = base / "基础API" / "Memory矢量计算" / "基础算术"
    arith.mkdir(parents=True)
    (arith / "Add.md").write_text(API_PAGE)
    (arith / "Skipped.md").write_text(API_PAGE.replace("推理系列产品：支持\n\n", "推理系列产品：不支持\n\n"))
    sync = base / "基础API" / "同步控制" / "核内同步"
    sync.mkdir(parents=True)
    (sync / "SetFlag.md").write_text("# SetFlag\n\n## 函数原型\n\n```cpp\ntemplate <HardEvent event>\n"
                                     "__aicore__ inline void SetFlag(int32_t eventID)\n```\n\n## 参数说明\n")
    pipe = base / "基础API" / "资源管理" / "TPipe"
    pipe.mkdir(parents=True)
    (pipe / "Reset.md").write_text("# Reset\n\n## 函数原型\n\n```\n__aicore__ inline void Reset()\n```\n\n## x\n")
    host = base / "高阶API" / "激活函数"
    host.mkdir(parents=True)
    (host / "GetTmpSize.md").write_text("# T\n\n## 函数原型\n\n```\nvoid GetTmpSize(uint32_t n)\n```\n\n## x\n")


@pytest.mark.slow  # g++ parses kernel_operator.h (seconds; more on a loaded machine)
def test_api_probe_on_a_small_subset(tmp_path):
    write_api_pages(tmp_path)
    doc = tmp_path / "api.md"
    probes = api_table.main(str(tmp_path), output=doc)
    states = {(p.form.owner, p.form.api): p.state for p in probes}
    # The A2-unsupported page and the host-side prototype are not taken.
    assert states == {("", "Add"): "compiles", ("", "NoSuchVectorApi"): "missing", ("", "SetFlag"): "compiles",
                      ("TPipe", "Reset"): "compiles"}
    missing = next(p for p in probes if p.form.api == "NoSuchVectorApi")
    assert "NoSuchVectorApi" in missing.note and missing.form.label == "一个不存在的形式"
    set_flag = next(p for p in probes if p.form.api == "SetFlag")
    assert "SetFlag<HardEvent{}>(eventID)" in set_flag.code  # a template argument no parameter deduces
    text = doc.read_text()
    assert text.startswith(api_table.doc_header(re.search(r" on (\d{4}-\d\d-\d\d);", text).group(1)))
    assert "4 documented forms of 4 APIs: compiles **3**, missing **1**" in text


@pytest.mark.slow  # three g++ passes over kernel_operator.h
def test_probe_errors_are_charged_to_their_own_probe():
    """Two probes instantiating the same broken call: g++ reports it once, the re-check finds both."""
    form = api_catalog.Form("Add", "vector", "p.md", "", "template <typename T>",
                            "const LocalTensor<T>& dst, const LocalTensor<T>& src, const GlobalTensor<T>& g")
    probes = api_table.probe_all([form, form, api_catalog.Form("Duplicate", "vector", "q.md", "", "",
                                                               "const LocalTensor<T>& dst, const T& v, int32_t n")])
    assert [p.state for p in probes] == ["missing", "missing", "compiles"]


@pytest.mark.parametrize("doc, module", [("sim_samples.md", samples_runner), ("sim_kernel_api.md", api_table)])
def test_generated_docs_match_their_generator(doc, module):
    text = (ROOT / "docs" / doc).read_text()
    date = re.search(r" on (\d{4}-\d\d-\d\d);", text)
    assert date, f"docs/{doc} names no generation date"
    assert text.startswith(module.doc_header(date.group(1))), f"docs/{doc}: regenerate with `{module.COMMAND}`"


@pytest.mark.slow  # builds two of CANN's samples
def test_runner_on_cann_samples(tmp_path):
    asc_devkit = cann_checkout("asc-devkit")
    samples = {s.name: s for s in catalog.find_samples(asc_devkit)}
    assert samples["03_basic_api/03_matrix_compute/mmad"].kind == "cube"
    assert samples["00_introduction/01_add/add_tpipe_tque"].kind == "vector"
    results = samples_runner.main(str(asc_devkit.parent), SIM_LIB, tmp_path,
                                  only=["01_add/add_tpipe_tque", "01_memory_vector_compute/duplicate"])
    by_name = {r.sample: r for r in results}
    tpipe = by_name["00_introduction/01_add/add_tpipe_tque"]
    assert (tpipe.built, tpipe.ran, tpipe.correct) == (True, "yes", "yes"), tpipe
    other = by_name["03_basic_api/01_memory_vector_compute/duplicate"]
    assert other.built or other.blocker, other  # either it builds, or the table names why not


@pytest.mark.slow  # g++ parses kernel_operator.h
def test_api_probe_on_cann_pages():
    asc_devkit = cann_checkout("asc-devkit")
    probes = api_table.main(str(asc_devkit.parent), only_pages=["基础API/Memory矢量计算/基础算术/Add.md"])
    forms = {p.form.label: p.state for p in probes}
    assert forms["tensor前n个数据连续计算"] == "compiles"
    assert set(forms) >= {"mask逐bit模式", "mask连续模式"}


def test_probe_types_follow_the_documented_a2_dtypes(tmp_path):
    """A small page in the reference's layout (our own text): per-product bullets, an npu region
    for another product, a parameter table row, and an "仅支持Ascend 950" prototype."""
    page = ("# P\n\n## 函数原型\n\n- 形式一\n\n    ```cpp\n    template <typename T, typename U>\n"
            "    __aicore__ inline void P(const LocalTensor<T>& dst, const LocalTensor<U>& src)\n"
            "    // 该原型仅支持Ascend 950PR/Ascend 950DT。\n    template <typename T>\n"
            "    __aicore__ inline void P(const LocalTensor<T>& dst)\n    ```\n\n"
            "<!-- npu=\"950\" id1 -->\n- 形式二\n\n    ```cpp\n    __aicore__ inline void P(int32_t n)\n    ```\n"
            "<!-- end id1 -->\n\n## 参数说明\n\n| 参数名 | 描述 |\n|---|---|\n"
            "| src | 源操作数。<br>支持的数据类型为：uint8_t、half。 |\n\n## 数据类型\n\n"
            "<!-- npu=\"950\" id2 -->\n- 针对Ascend 950PR/Ascend 950DT，T支持的数据类型为：int8_t、float。\n"
            "<!-- end id2 -->\n- 针对Atlas 训练系列产品，T支持的数据类型为：int32_t。\n"
            "- 针对Atlas A2 训练系列产品/Atlas A2 推理系列产品\n    - T支持的数据类型为：complex32、half、float。\n")
    assert api_catalog.documented_dtypes(page) == {"src": "uint8_t", "T": "half"}
    (tmp_path / "P.md").write_text(page)
    forms = api_catalog.forms_of_page(tmp_path / "P.md", "vector", "P.md")
    assert [(f.label, f.params, f.a2) for f in forms] == [
        ("形式一", "const LocalTensor<T>& dst, const LocalTensor<U>& src", True),
        ("形式一", "const LocalTensor<T>& dst", False), ("形式二", "int32_t n", False)]
    probes = [api_table.Probe(f) for f in forms]
    for i, probe in enumerate(probes):
        api_table.generate(probe, i)
    assert (probes[0].types, probes[1].state, probes[1].code) == ("T=half, U=uint8_t", "not A2/A3", "")
    tparams = api_table.template_params("template <typename T, typename U>")
    params = [api_table.parse_param(p, i) for i, p in
              enumerate(api_table.split_top("const LocalTensor<T>& dst, const LocalTensor<U>& src"))]
    assert api_table.alias_types({"T", "U", "V"}, tparams, params, {"src": "uint8_t", "T": "half"}) == \
        {"T": "half", "U": "uint8_t", "V": "float"}


def test_probe_values_for_unnamed_types_pipes_packs_and_class_templates(tmp_path):
    """The calls a probe writes for prototype shapes that need more than `T{}`: a result type no
    parameter names (the page's unattributed dtype), a pipe_t (PIPE_S is what no cross-core flag
    takes), `auto funPtr` with a parameter pack, and a member whose template is its class's."""
    def code(template, params, dtypes=None, api="P", owner=""):
        probe = api_table.Probe(api_catalog.Form(api, "vector", "p.md", "", template, params, owner,
                                                 dtypes=dtypes or {}))
        api_table.generate(probe, 0)
        return probe
    cast = code("template <typename T, typename U, RoundMode roundMode>", "T valueIn",
                {"valueIn": "float", "*": "half"}, api="Cast")
    assert "using T = float;" in cast.code and "using U = half;" in cast.code
    assert "Cast<T, U, RoundMode{}>(valueIn)" in cast.code
    assert "CrossCoreSetFlag<0, PIPE_V>(flagId)" in code("template <uint8_t modeId, pipe_t pipe>", "uint16_t flagId",
                                                          api="CrossCoreSetFlag").code
    asynchronous = code("template <EngineType engine, auto funPtr, class... Args>", "Args... args", api="Async")
    assert "Async<EngineType{}, &ProbeNoop>()" in asynchronous.code and "constexpr class" not in asynchronous.code
    # A page's own constraint where its first dtypes make no valid call (PAGE_CHOICES).
    mode = code("template <typename T, typename U, RoundMode roundMode>", "T valueIn",
                {"valueIn": "float", "*": "half"}, api="Cast")
    mode.form.page = "基础API/标量计算/Cast（float转half-int32_t）.md"
    api_table.generate(mode, 0)
    assert "Cast<T, U, RoundMode::CAST_ODD>(valueIn)" in mode.code
    page = tmp_path / "GetCurAddr.md"
    page.write_text("# G\n\n## 函数原型\n\n```cpp\ntemplate <Hardware hard>\n"
                    "__aicore__ inline uint32_t LocalMemAllocator<hard>::GetCurAddr() const\n```\n\n## 参数说明\n")
    [form] = api_catalog.forms_of_page(page, "vector", "GetCurAddr.md")
    assert (form.api, form.template) == ("GetCurAddr", "")


def test_other_product_note_scopes_the_nested_prototypes(tmp_path):
    """A note region without code ("仅支持Ascend 950" under a bullet, our own text) makes the
    prototypes nested under that bullet other-products-only, up to a bullet indented less."""
    block = "\n        ```\n        __aicore__ inline void Q({})\n        ```\n\n"
    page = ("# Q\n\n## 函数原型\n\n-   甲\n    -   一\n" + block.format("int32_t a") +
            "-   乙\n\n    <!-- npu=\"950\" id9 -->仅支持Ascend 950PR/Ascend 950DT。<!-- end id9 -->\n\n"
            "    -   二\n" + block.format("int32_t b") + "    -   三\n" + block.format("int32_t c") +
            "-   丙\n" + block.format("int32_t d") + "## 参数说明\n")
    (tmp_path / "Q.md").write_text(page)
    forms = api_catalog.forms_of_page(tmp_path / "Q.md", "vector", "Q.md")
    assert [(f.params, f.a2) for f in forms] == [("int32_t a", True), ("int32_t b", False),
                                                 ("int32_t c", False), ("int32_t d", True)]


def test_documented_dtypes_on_cann_pages():
    """The first A2/A3 dtype per parameter, read from real pages of each layout."""
    asc_devkit = cann_checkout("asc-devkit")
    root = asc_devkit / api_catalog.API_ROOT / "基础API" / "Memory矢量计算"
    expected = {
        "逻辑计算/And.md": {"T": "int16_t"},                                  # "针对Atlas A2 ...，T支持..."
        "比较与选择/Compare.md": {"T": "half", "U": "int8_t"},                # T/U bullets under the product
        "比较与选择/Select.md": {"T": "half", "U": "uint8_t"},                # products under "T支持..."
        "类型转换/Cast.md": {"src": "int8_t", "dst": "half"},                 # the A2 combination table
        "复合计算/AddReluCast.md": {"src0": "half", "src1": "half", "dst": "int8_t"},
        "归约计算/ReduceMax.md": {"*": "half"},                               # "Atlas A2 ...，支持half、float"
    }
    for page, dtypes in expected.items():
        text = (root / page).read_text(encoding="utf-8")
        assert api_catalog.documented_dtypes(text) == dtypes, page
    duplicate = api_catalog.forms_of_page(root / "数据填充/Duplicate.md", "vector", "Duplicate.md")
    assert [f.a2 for f in duplicate] == [True, False, True, True]  # the LocalTensor source: 950 only


def test_probe_reference_to_array_and_transdata_params():
    """`const LocalTensor<T> (&dstList)[N]` is declared as an array of N; TransDataParams<U, S>'s
    aliases are layouts and a `const TransDataConfig&` template argument names the probe's object."""
    assert api_table.parse_param("const LocalTensor<T> (&dstList)[NCHW_CONV_ADDR_LIST_SIZE]", 0) == \
        ("const LocalTensor<T>&", "dstList", "NCHW_CONV_ADDR_LIST_SIZE")
    form = api_catalog.Form("TransData", "vector", "T.md", "sharedTmpBuffer",
                            "template <const TransDataConfig& config, typename T, typename U, typename S>",
                            "const LocalTensor<T>& dstTensor, const TransDataParams<U, S>& params")
    form.parsed, form.a2, form.dtypes = True, True, {}
    probe = api_table.Probe(form)
    api_table.generate(probe, 0)
    assert "TransData<kProbeTransDataConfig>(dstTensor, params)" in probe.code
    assert "using U = AscendC::Layout<AscendC::Shape<int, int, int, int, int>, AscendC::Stride<>>;" in probe.code
