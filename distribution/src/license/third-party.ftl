<#-- THIRD-PARTY.txt of the tarball. dependencyMap: (MavenProject, licence names) per runtime dependency.
     One line per jar, "(licence) ... name (group:artifact:version - url)" as the plugin's own template
     writes it, so that TarballIT can match each lib/ jar to its line. -->
<#function licenseFormat licenses>
    <#assign result = ""/>
    <#list licenses as license>
        <#assign result = result + " (" + license + ")"/>
    </#list>
    <#return result>
</#function>
<#function gav p>
    <#return p.groupId + ":" + p.artifactId + ":" + p.version>
</#function>
<#function copyleft licenses>
    <#list licenses as license>
        <#if license?contains("GPL") || license?contains("General Public")>
            <#return true>
        </#if>
    </#list>
    <#return false>
</#function>
Third-party software in lib/

Every jar in lib/ but YCSB-X's own (ycsbx-*.jar) is listed here with the licences its Maven POM
names, as group:artifact:version. NOTICE says what ycsbx-mongodb-legacy-driver-*.jar contains.

${dependencyMap?size} third-party artifacts:
<#list dependencyMap as e>
    <#assign p = e.getKey()/>
    ${licenseFormat(e.getValue())} ${p.name!p.artifactId} (${gav(p)} - ${p.url!"no url defined"})
</#list>

Where to get the source code of the artifacts under a GNU licence (GPL, LGPL): each is on Maven
Central as its -sources.jar (the coordinates below, classifier "sources"), and in the repository
named after it.
<#list dependencyMap as e>
    <#assign p = e.getKey()/>
    <#if copyleft(e.getValue())>
    ${gav(p)}:sources${licenseFormat(e.getValue())} - ${(p.scm.url)!(p.url)!"no url defined"}
    </#if>
</#list>
